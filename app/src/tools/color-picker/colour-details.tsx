import { CopyButton } from '@/components/copy-button'
import { formatsOf, toHex, type Rgb } from '@/tools/color-picker/colour-formats'

export function ColourDetails({ rgb }: { rgb: Rgb }) {
  return (
    <div className="flex flex-col gap-4" aria-live="polite">
      <div className="flex items-center gap-3">
        <span className="size-14 shrink-0 rounded-xl border shadow-inner" style={{ backgroundColor: toHex(rgb) }} aria-hidden />
        <div>
          <p className="text-xs text-muted-foreground">Picked colour</p>
          <p className="font-mono text-lg font-semibold" data-testid="picked-hex">
            {toHex(rgb)}
          </p>
        </div>
      </div>
      <dl className="flex flex-col gap-2">
        {formatsOf(rgb).map((format) => (
          <div key={format.label} className="flex items-center gap-2 rounded-lg border bg-muted/30 py-1.5 pr-1.5 pl-3">
            <dt className="w-14 shrink-0 text-xs font-medium text-muted-foreground">{format.label}</dt>
            <dd className="flex min-w-0 flex-1 items-center gap-2">
              <span className="min-w-0 flex-1 font-mono text-sm break-words" data-testid={`format-${format.label}`}>
                {format.value}
              </span>
              <CopyButton value={format.value} label={`Copy ${format.label}`} className="size-8" />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
