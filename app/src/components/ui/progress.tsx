import * as React from 'react'
import { cn } from '@/lib/utils'

// Radix's progress bar, attribute for attribute (progress.test.tsx compares the two), without Radix: it
// has no behaviour beyond its attributes, and its context and primitives cost a tool page's first
// script ~2 KB gzip.
const DEFAULT_MAX = 100

type ProgressProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  value?: number | null
  max?: number
  getValueLabel?: (value: number, max: number) => string
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value)
const progressState = (value: number | null, max: number) => (value == null ? 'indeterminate' : value === max ? 'complete' : 'loading')
const defaultValueLabel = (value: number, max: number) => `${Math.round((value / max) * 100)}%`

export function Progress({ className, value: valueProp, max: maxProp, getValueLabel = defaultValueLabel, ...props }: ProgressProps) {
  const max = isNumber(maxProp) && maxProp > 0 ? maxProp : DEFAULT_MAX
  const value = isNumber(valueProp) && valueProp >= 0 && valueProp <= max ? valueProp : null
  const clamped = Math.min(100, Math.max(0, valueProp ?? 0))
  const state = progressState(value, max)
  return (
    <div
      aria-valuemax={max}
      aria-valuemin={0}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value === null ? undefined : getValueLabel(value, max)}
      role="progressbar"
      data-state={state}
      data-value={value ?? undefined}
      data-max={max}
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-secondary', className)}
      {...props}
    >
      <div
        data-state={state}
        data-value={value ?? undefined}
        data-max={max}
        className="h-full w-full flex-1 bg-primary transition-transform duration-300"
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </div>
  )
}
