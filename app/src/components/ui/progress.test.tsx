import * as ProgressPrimitive from '@radix-ui/react-progress'
import { render } from '@testing-library/react'
import type { ComponentProps } from 'react'
import { describe, expect, it } from 'vitest'
import { Progress } from '@/components/ui/progress'
import { cn } from '@/lib/utils'

// What components/ui/progress.tsx rendered on Radix until it became Radix-free: the two must match.
function RadixProgress({ className, value, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const clamped = Math.min(100, Math.max(0, value ?? 0))
  return (
    <ProgressPrimitive.Root data-slot="progress" value={value} className={cn('relative h-2 w-full overflow-hidden rounded-full bg-secondary', className)} {...props}>
      <ProgressPrimitive.Indicator className="h-full w-full flex-1 bg-primary transition-transform duration-300" style={{ transform: `translateX(-${100 - clamped}%)` }} />
    </ProgressPrimitive.Root>
  )
}

describe('Progress', () => {
  it.each([[0], [37.5], [100], [null], [undefined], [140]])('is announced and drawn exactly as Radix\'s progress bar (value %s)', (value) => {
    const { container: ours } = render(<Progress value={value} aria-label="Upload progress" className="h-3" />)
    const { container: radix } = render(<RadixProgress value={value} aria-label="Upload progress" className="h-3" />)
    expect(ours.innerHTML).toBe(radix.innerHTML)
  })

  it('tells a screen reader how far along it is', () => {
    const { getByRole } = render(<Progress value={40} aria-label="Sites checked" />)
    const bar = getByRole('progressbar', { name: 'Sites checked' })
    expect(bar).toHaveAttribute('aria-valuenow', '40')
    expect(bar).toHaveAttribute('aria-valuetext', '40%')
  })
})
