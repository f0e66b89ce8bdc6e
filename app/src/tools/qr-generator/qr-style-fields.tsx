import { Field, SwitchRow } from '@/components/form-fields'
import { RangeField } from '@/components/range-field'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { EC_LEVELS, MARGIN_RANGE, SIZE_RANGE, parseHex, type EcLevel, type QrStyle } from '@/tools/qr-generator/qr-generator.service'

const EC_LABELS: Record<EcLevel, string> = { L: 'L — 7% can be damaged', M: 'M — 15%', Q: 'Q — 25%', H: 'H — 30%, survives a logo' }

function ColourField({ label, value, onChange, disabled }: { label: string; value: string; onChange: (value: string) => void; disabled?: boolean }) {
  const valid = parseHex(value) !== null
  return (
    <Field label={label} error={valid ? undefined : 'Use a colour like #1a2b3c'}>
      {(props) => (
        <div className="flex gap-2">
          <input
            type="color"
            aria-label={`${label} picker`}
            value={valid ? normalise(value) : '#000000'}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 disabled:opacity-50"
          />
          <Input {...props} value={value} disabled={disabled} maxLength={7} onChange={(event) => onChange(event.target.value)} className="font-mono" />
        </div>
      )}
    </Field>
  )
}

function normalise(hex: string): string {
  const rgb = parseHex(hex)
  return rgb ? `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}` : '#000000'
}

export function QrStyleFields({ style, onChange }: { style: QrStyle; onChange: (style: QrStyle) => void }) {
  const set = (patch: Partial<QrStyle>) => onChange({ ...style, ...patch })
  return (
    <div className="flex flex-col gap-5">
      <Field label="Error correction">
        {(props) => (
          <Select value={style.ecc} onValueChange={(value) => set({ ecc: value as EcLevel })}>
            <SelectTrigger {...props}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EC_LEVELS.map((level) => (
                <SelectItem key={level} value={level}>
                  {EC_LABELS[level]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <RangeField label="Size" unit="px" value={style.size} min={SIZE_RANGE.min} max={SIZE_RANGE.max} step={8} onChange={(size) => set({ size })} />
      <RangeField label="Margin" unit="modules" value={style.margin} min={MARGIN_RANGE.min} max={MARGIN_RANGE.max} onChange={(margin) => set({ margin })} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ColourField label="Foreground" value={style.foreground} onChange={(foreground) => set({ foreground })} />
        <ColourField label="Background" value={style.background} disabled={style.transparent} onChange={(background) => set({ background })} />
      </div>
      <SwitchRow label="Transparent background" checked={style.transparent} onChange={(transparent) => set({ transparent })} />
    </div>
  )
}
