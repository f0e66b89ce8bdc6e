import * as React from 'react'
import { cn } from '@/lib/utils'

type SliderProps = Omit<React.ComponentProps<'input'>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max' | 'step'> & {
  /** One value, in an array as Radix's slider took it. */
  value?: number[]
  defaultValue?: number[]
  min?: number
  max?: number
  step?: number
  onValueChange?: (value: number[]) => void
  /** The name a screen reader gives the slider. */
  thumbLabel?: string
}

/**
 * A slider on the browser's own range input. Radix's slider, under Preact, drew its thumb hidden
 * (display: none, no aria-valuenow: the thumb's place comes from a collection Preact's effects never
 * filled), so it could be neither seen nor reached by keyboard. The range input is focusable, announced
 * with its value and moved by the arrows, Page Up/Down, Home and End by the browser, with no script
 * (Radix's slider and its collection were ~8 KB gzip on a tool page). Its look: `.slider` in index.css.
 */
export function Slider({ className, value, defaultValue, min = 0, max = 100, step = 1, onValueChange, thumbLabel, style, ...props }: SliderProps) {
  const [ownValue, setOwnValue] = React.useState(defaultValue?.[0] ?? min)
  const current = value?.[0] ?? ownValue
  const filled = max > min ? (Math.min(max, Math.max(min, current)) - min) / (max - min) : 0
  return (
    <input
      type="range"
      data-slot="slider"
      aria-label={thumbLabel}
      min={min}
      max={max}
      step={step}
      value={current}
      // preact/compat gives a range input's onChange every move, as React does.
      onChange={(event) => {
        const next = event.currentTarget.valueAsNumber
        if (value === undefined) setOwnValue(next)
        onValueChange?.([next])
      }}
      style={{ '--slider-filled': filled, ...style } as React.CSSProperties}
      className={cn('slider w-full', className)}
      {...props}
    />
  )
}
