import { useId } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Slider } from '@/components/ui/slider'

/** A slider with a number box beside it, so the value can be typed as well as dragged. */
export function RangeField({ label, value, min, max, step = 1, onChange, unit }: { label: string; value: number; min: number; max: number; step?: number; onChange: (value: number) => void; unit?: string }) {
  const id = useId()
  return (
    <div className="flex flex-col gap-3">
      <Label htmlFor={id}>
        {label}
        {unit && <span className="font-normal text-muted-foreground"> ({unit})</span>}
      </Label>
      <div className="flex items-center gap-3">
        <Slider value={[value]} min={min} max={max} step={step} onValueChange={([next]) => next !== undefined && onChange(next)} thumbLabel={label} />
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          onChange={(event) => {
            const next = event.target.valueAsNumber
            if (Number.isFinite(next)) onChange(Math.min(max, Math.max(min, Math.round(next))))
          }}
          className="w-20 shrink-0 tabular-nums"
        />
      </div>
    </div>
  )
}
