import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ComponentProps, type ComponentType } from 'react'
import { describe, expect, it, vi } from 'vitest'
import * as Radix from '@/components/ui/select-radix'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'

type Parts = { [K in 'Select' | 'SelectContent' | 'SelectItem' | 'SelectTrigger' | 'SelectValue']: ComponentType<ComponentProps<(typeof Radix)[K]>> }

function Format({ parts, value, onChange = () => undefined }: { parts: Parts; value?: string; onChange?: (value: string) => void }) {
  const { Select: Root, SelectContent: Content, SelectItem: Item, SelectTrigger: Trigger, SelectValue: Value } = parts
  return (
    <Root value={value} onValueChange={onChange}>
      <Trigger id="format" className="max-w-56">
        <Value placeholder="Choose a format" />
      </Trigger>
      <Content>
        <Item value="png">PNG</Item>
        <Item value="webp">
          WebP <span>· smaller</span>
        </Item>
      </Content>
    </Root>
  )
}

const light: Parts = { Select, SelectContent, SelectItem, SelectTrigger, SelectValue }

// These run in order: the first two before anything has asked for Radix's select, the last loads it.
describe('Select before Radix has loaded', () => {
  it.each([['webp'], [undefined]])('renders the very trigger Radix renders closed (value %s)', (value) => {
    const { container: stand } = render(<Format parts={light} value={value} />)
    const { container: real } = render(<Format parts={Radix} value={value} />)
    expect(stand.innerHTML).toBe(real.innerHTML)
    expect(stand.innerHTML).toContain(value ? 'WebP <span>· smaller</span>' : 'Choose a format')
  })

  it('becomes Radix\'s, open, at the first click or key, and the choice reaches the page', async () => {
    const user = userEvent.setup()
    const chosen = vi.fn()
    function Page() {
      const [value, setValue] = useState('png')
      return <Format parts={light} value={value} onChange={(next) => { chosen(next); setValue(next) }} />
    }
    // Both mount before Radix has loaded: the first is reached with the mouse, the second with the down arrow.
    render(<><Page /><Format parts={light} value="png" /></>)
    const [first, second] = screen.getAllByRole('combobox')
    await user.click(first!)
    await user.click(await screen.findByRole('option', { name: 'WebP · smaller' }))
    expect(chosen).toHaveBeenCalledWith('webp')
    expect(screen.getAllByRole('combobox')[0]).toHaveTextContent('WebP · smaller')

    second!.focus()
    await user.keyboard('{ArrowDown}')
    expect(await screen.findByRole('option', { name: 'PNG' })).toHaveAttribute('aria-selected', 'true')
  })
})
