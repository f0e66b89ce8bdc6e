import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ThemeProvider } from '@/features/theme/theme-provider'
import { THEME_CHANGE_EVENT, THEME_STORAGE_KEY, type ThemeChangeDetail } from '@/features/theme/theme-storage'
import { useTheme } from '@/features/theme/use-theme'
import { installMatchMedia } from '@/testing/match-media'

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme()
  return (
    <div>
      <p data-testid="theme">{theme}</p>
      <p data-testid="resolved">{resolvedTheme}</p>
      <button onClick={() => setTheme('dark')}>dark</button>
      <button onClick={() => setTheme('light')}>light</button>
      <button onClick={() => setTheme('system')}>system</button>
    </div>
  )
}

const renderTheme = () =>
  render(
    <ThemeProvider>
      <Probe />
    </ThemeProvider>,
  )

const root = () => document.documentElement

describe('ThemeProvider', () => {
  it('defaults to system and follows the OS preference', () => {
    installMatchMedia({ dark: true })
    renderTheme()
    expect(screen.getByTestId('theme')).toHaveTextContent('system')
    expect(screen.getByTestId('resolved')).toHaveTextContent('dark')
    expect(root()).toHaveClass('dark')
    expect(root().style.colorScheme).toBe('dark')
  })

  it('persists the chosen theme under ui-theme as JSON and applies it', async () => {
    renderTheme()
    await userEvent.click(screen.getByRole('button', { name: 'dark' }))
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('"dark"')
    expect(root()).toHaveClass('dark')
    expect(root()).not.toHaveClass('light')
    await userEvent.click(screen.getByRole('button', { name: 'light' }))
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('"light"')
    expect(root()).toHaveClass('light')
  })

  it('restores a stored theme on the next load', () => {
    localStorage.setItem(THEME_STORAGE_KEY, '"dark"')
    renderTheme()
    expect(screen.getByTestId('theme')).toHaveTextContent('dark')
    expect(root()).toHaveClass('dark')
  })

  it('treats an unreadable stored value as system and warns with the key', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    localStorage.setItem(THEME_STORAGE_KEY, 'dark') // not JSON
    renderTheme()
    expect(screen.getByTestId('theme')).toHaveTextContent('system')
    expect(warn.mock.calls.some(([message]) => String(message).includes('"ui-theme"'))).toBe(true)
  })

  it('reacts to OS colour-scheme changes only while on system', async () => {
    const media = installMatchMedia({ dark: false })
    renderTheme()
    expect(root()).toHaveClass('light')
    act(() => media.setDark(true))
    expect(root()).toHaveClass('dark')

    await userEvent.click(screen.getByRole('button', { name: 'light' }))
    act(() => media.setDark(false))
    act(() => media.setDark(true))
    expect(root()).toHaveClass('light')
    expect(screen.getByTestId('resolved')).toHaveTextContent('light')
  })

  it('broadcasts changes to the rest of the page', async () => {
    const received: ThemeChangeDetail[] = []
    const listener = (event: Event) => received.push((event as CustomEvent<ThemeChangeDetail>).detail)
    window.addEventListener(THEME_CHANGE_EVENT, listener)
    renderTheme()
    await userEvent.click(screen.getByRole('button', { name: 'dark' }))
    window.removeEventListener(THEME_CHANGE_EVENT, listener)
    expect(received).toEqual([{ theme: 'dark', resolvedTheme: 'dark' }])
  })

  it('keeps two providers on one page in sync', async () => {
    render(
      <>
        <ThemeProvider>
          <Probe />
        </ThemeProvider>
        <ThemeProvider>
          <Probe />
        </ThemeProvider>
      </>,
    )
    await userEvent.click(screen.getAllByRole('button', { name: 'dark' })[0]!)
    expect(screen.getAllByTestId('theme').map((node) => node.textContent)).toEqual(['dark', 'dark'])
  })

  it('follows changes made in another tab (storage event)', () => {
    renderTheme()
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, '"dark"')
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: '"dark"', oldValue: null }))
    })
    expect(screen.getByTestId('theme')).toHaveTextContent('dark')
    expect(root()).toHaveClass('dark')

    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: null }))
    })
    expect(screen.getByTestId('theme')).toHaveTextContent('system')
  })

  it('ignores storage events for other keys', () => {
    renderTheme()
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: '"dark"' }))
    })
    expect(screen.getByTestId('theme')).toHaveTextContent('system')
  })
})
