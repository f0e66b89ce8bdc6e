import * as LabelPrimitive from '@radix-ui/react-label'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Label } from '@/components/ui/label'

describe('Label', () => {
  it('is the label Radix renders, and names its control', () => {
    const { container: ours } = render(<Label htmlFor="size" className="gap-2">Size</Label>)
    const { container: radix, unmount } = render(
      <LabelPrimitive.Root data-slot="label" htmlFor="size" className="text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70 gap-2">
        Size
      </LabelPrimitive.Root>,
    )
    expect(ours.innerHTML).toBe(radix.innerHTML)
    unmount()
    render(<input id="size" />)
    expect(screen.getByRole('textbox', { name: 'Size' })).toBeInTheDocument()
  })

  it('keeps a double click from selecting its text, as Radix\'s does, but not on a control inside it', () => {
    render(<Label>Remember me <input type="checkbox" /></Label>)
    expect(fireEvent.mouseDown(screen.getByText(/Remember me/), { detail: 2 })).toBe(false)
    expect(fireEvent.mouseDown(screen.getByText(/Remember me/), { detail: 1 })).toBe(true)
    expect(fireEvent.mouseDown(screen.getByRole('checkbox'), { detail: 2 })).toBe(true)
  })
})
