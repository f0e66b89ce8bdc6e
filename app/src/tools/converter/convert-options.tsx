import { Field, SwitchRow } from '@/components/form-fields'
import { RangeField } from '@/components/range-field'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { cn } from '@/lib/utils'
import {
  DEFAULT_QUALITY,
  sideError,
  supportsLossless,
  supportsQuality,
  TARGET_LABELS,
  type ConvertOptions,
  type Fit,
  type InputKind,
  type Target,
} from '@/tools/converter/converter.service'

const FIT_LABELS: Record<Fit, string> = { contain: 'Fit inside (keep proportions)', cover: 'Fill and crop', fill: 'Stretch to exactly this size' }

function FormatPicker({ value, available, onChange, disabled }: { value: Target | null; available: readonly Target[]; onChange: (target: Target) => void; disabled?: boolean }) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Convert to</legend>
      <div role="radiogroup" aria-label="Convert to" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {available.map((target) => (
          <label
            key={target}
            className={cn(
              'relative flex cursor-pointer items-center justify-center rounded-md border px-2 py-2 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === target ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
            )}
          >
            <input type="radio" name="convert-target" value={target} checked={value === target} onChange={() => onChange(target)} className="absolute inset-0 cursor-pointer opacity-0" />
            {TARGET_LABELS[target].replace(' (icon)', '')}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function ConvertOptionsForm({
  options,
  onChange,
  available,
  kinds,
  disabled,
}: {
  options: ConvertOptions
  onChange: (options: ConvertOptions) => void
  available: readonly Target[]
  kinds: ReadonlySet<InputKind>
  disabled?: boolean
}) {
  const set = (patch: Partial<ConvertOptions>) => onChange({ ...options, ...patch })
  const target = options.target
  const imageOptions = kinds.has('image') || kinds.has('pdf')
  const widthError = sideError(options.width)
  const heightError = sideError(options.height)
  if (available.length === 0) {
    return <p className="text-sm text-muted-foreground">Add images, PDFs or office documents (DOCX, ODT, RTF, TXT, XLSX, PPTX) to see the formats they can become.</p>
  }
  return (
    <div className="flex flex-col gap-5">
      <FormatPicker value={target} available={available} disabled={disabled} onChange={(next) => set({ target: next, quality: DEFAULT_QUALITY[next] ?? options.quality })} />
      {kinds.has('document') && target === 'pdf' && <p className="text-sm text-muted-foreground">Office documents are laid out by LibreOffice, page for page as a word processor prints them.</p>}
      {imageOptions && (
        <fieldset className="flex flex-col gap-5" disabled={disabled}>
          {supportsLossless(target) && <SwitchRow label="Lossless" hint="Every pixel kept exactly; larger files" checked={options.lossless} onChange={(lossless) => set({ lossless })} />}
          {supportsQuality(target) && !(options.lossless && supportsLossless(target)) && (
            <RangeField label="Quality" value={options.quality} min={1} max={100} onChange={(quality) => set({ quality })} />
          )}
          <div className="grid grid-cols-2 gap-3">
            <Field label="Width" hint="px, empty keeps it" error={widthError ?? undefined}>
              {(props) => <Input {...props} inputMode="numeric" value={options.width} placeholder="auto" onChange={(event) => set({ width: event.target.value })} />}
            </Field>
            <Field label="Height" hint="px, empty keeps it" error={heightError ?? undefined}>
              {(props) => <Input {...props} inputMode="numeric" value={options.height} placeholder="auto" onChange={(event) => set({ height: event.target.value })} />}
            </Field>
          </div>
          {options.width.trim() !== '' && options.height.trim() !== '' && (
            <Field label="Resize mode">
              {(props) => (
                <Select value={options.fit} onValueChange={(fit) => set({ fit: fit as Fit })}>
                  <SelectTrigger id={props.id} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {(Object.keys(FIT_LABELS) as Fit[]).map((fit) => (
                      <SelectItem key={fit} value={fit}>
                        {FIT_LABELS[fit]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
          )}
          <SwitchRow label="Remove metadata" hint="Camera, GPS and dates; the colour profile is kept" checked={options.stripMetadata} onChange={(stripMetadata) => set({ stripMetadata })} />
        </fieldset>
      )}
      {kinds.has('pdf') && target !== 'pdf' && (
        <fieldset className="flex flex-col gap-5" disabled={disabled}>
          <RangeField label="Page resolution" unit="dpi" value={options.dpi} min={36} max={600} onChange={(dpi) => set({ dpi })} />
          <Field label="PDF password" hint="Only for protected PDFs">
            {(props) => <Input {...props} type="password" autoComplete="off" value={options.password} onChange={(event) => set({ password: event.target.value })} />}
          </Field>
        </fieldset>
      )}
    </div>
  )
}
