import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Switch as RadixSwitch } from '@/components/ui/switch-radix'

// Radix's switch takes the stand-in's place once per page. Files share modules in a worker
// (vitest.config.ts): a fresh copy of this module alone starts before Radix's has arrived, whatever ran here before.
const FRESH_SWITCH = '/src/components/ui/switch.tsx?before-radix'
const { Switch } = (await import(/* @vite-ignore */ FRESH_SWITCH)) as typeof import('@/components/ui/switch')

function Controlled({ onChange }: { onChange: (checked: boolean) => void }) {
  const [checked, setChecked] = useState(false)
  return <Switch id="strip" aria-label="Strip metadata" checked={checked} onCheckedChange={(next) => { onChange(next); setChecked(next) }} />
}

// One sequence: the stand-in is there until the first paint has passed and Radix's has arrived, and the
// steps before that must run before it.
describe('Switch before and after Radix has loaded', () => {
  it('is Radix\'s switch to the attribute, toggles as it does, and keeps focus when Radix takes over', async () => {
    const changed = vi.fn()
    const { container } = render(
      <>
        <Switch id="a" checked onCheckedChange={() => undefined} />
        <Switch id="b" disabled aria-describedby="hint" />
        <Controlled onChange={changed} />
        <Switch aria-label="Remember me" defaultChecked />
      </>,
    )
    const { container: radix } = render(
      <>
        <RadixSwitch id="a" checked onCheckedChange={() => undefined} />
        <RadixSwitch id="b" disabled aria-describedby="hint" />
      </>,
    )
    const [first, second] = [...container.children]
    expect(first!.outerHTML + second!.outerHTML).toBe(radix.innerHTML)

    // Before Radix: a click (a tap, or Space and Enter on the focused button) toggles.
    const strip = screen.getByRole('switch', { name: 'Strip metadata' })
    act(() => void fireEvent.click(strip))
    expect(changed).toHaveBeenLastCalledWith(true)
    expect(strip).toHaveAttribute('aria-checked', 'true')
    const remember = screen.getByRole('switch', { name: 'Remember me' })
    act(() => void fireEvent.click(remember))
    expect(remember).toHaveAttribute('aria-checked', 'false')
    remember.focus()

    // Radix's arrives: the focused switch stays focused, and both keep their state.
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Remember me' })).not.toBe(remember))
    const rememberNow = screen.getByRole('switch', { name: 'Remember me' })
    expect(rememberNow).toHaveFocus()
    expect(rememberNow).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByRole('switch', { name: 'Strip metadata' })).toHaveAttribute('aria-checked', 'true')

    // And the keyboard goes on working on Radix's.
    await userEvent.setup().keyboard(' ')
    expect(rememberNow).toHaveAttribute('aria-checked', 'true')
    await userEvent.click(screen.getByRole('switch', { name: 'Strip metadata' }))
    expect(changed).toHaveBeenLastCalledWith(false)
  })
})
