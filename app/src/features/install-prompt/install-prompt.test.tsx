import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { INSTALL_PROMPT_EXIT_MS, InstallPrompt } from '@/features/install-prompt/install-prompt'
import {
  INSTALL_PROMPT_COUNT_KEY,
  INSTALL_PROMPT_DELAY_MS,
  INSTALL_PROMPT_LAST_SHOWN_KEY,
} from '@/features/install-prompt/install-prompt-rules'
import { installMatchMedia } from '@/testing/match-media'
import { USER_AGENTS } from '@/testing/user-agents'

const START = new Date('2025-06-15T12:00:00.000Z')
const DAY = 86_400_000

function useDevice(userAgent: string, { maxTouchPoints = 5, standalone = false } = {}) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent)
  // jsdom has neither property; define them on the instance and remove them after each test.
  Object.defineProperty(window.navigator, 'maxTouchPoints', { value: maxTouchPoints, configurable: true })
  Object.defineProperty(window.navigator, 'standalone', { value: standalone, configurable: true })
}

function mountAndWait(ms = INSTALL_PROMPT_DELAY_MS) {
  const view = render(<InstallPrompt />)
  act(() => {
    vi.advanceTimersByTime(ms)
  })
  return view
}

const prompt = () => screen.queryByRole('dialog', { name: 'Add to Home Screen' })

describe('<InstallPrompt>', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START })
  })
  afterEach(() => {
    vi.useRealTimers()
    Reflect.deleteProperty(window.navigator, 'standalone')
    Reflect.deleteProperty(window.navigator, 'maxTouchPoints')
  })

  it('is hidden by default and appears on iPhone Safari after exactly 30,000 ms', () => {
    useDevice(USER_AGENTS.iphoneSafari)
    render(<InstallPrompt />)
    expect(prompt()).toBeNull()
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS - 1)
    })
    expect(prompt()).toBeNull()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(prompt()).toBeInTheDocument()
    expect(screen.getByText('Install this app on your home screen for a better full-screen experience and quick access.')).toBeInTheDocument()
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
  })

  it('records the showing: count +1 and an ISO timestamp, as JSON', () => {
    useDevice(USER_AGENTS.ipadSafari)
    mountAndWait()
    expect(localStorage.getItem(INSTALL_PROMPT_COUNT_KEY)).toBe('1')
    expect(JSON.parse(localStorage.getItem(INSTALL_PROMPT_LAST_SHOWN_KEY)!)).toBe(new Date(START.getTime() + INSTALL_PROMPT_DELAY_MS).toISOString())
  })

  it.each([
    ['iPhone Chrome', USER_AGENTS.iphoneChrome],
    ['iPhone Firefox', USER_AGENTS.iphoneFirefox],
    ['Android Chrome', USER_AGENTS.androidChrome],
    ['desktop Chrome', USER_AGENTS.desktopChrome],
  ])('never appears on %s', (_name, userAgent) => {
    useDevice(userAgent)
    mountAndWait(INSTALL_PROMPT_DELAY_MS * 4)
    expect(prompt()).toBeNull()
    expect(localStorage.getItem(INSTALL_PROMPT_COUNT_KEY)).toBeNull()
  })

  it('appears on an iPod and on iPadOS in desktop mode', () => {
    useDevice(USER_AGENTS.ipodSafari)
    const first = mountAndWait()
    expect(prompt()).toBeInTheDocument()
    first.unmount()
    localStorage.clear()
    useDevice(USER_AGENTS.ipadDesktopSafari, { maxTouchPoints: 5 })
    mountAndWait()
    expect(prompt()).toBeInTheDocument()
  })

  it('does not appear on a Mac without touch', () => {
    useDevice(USER_AGENTS.macSafari, { maxTouchPoints: 0 })
    mountAndWait()
    expect(prompt()).toBeNull()
  })

  it('does not appear when running standalone (navigator.standalone)', () => {
    useDevice(USER_AGENTS.iphoneSafari, { standalone: true })
    mountAndWait()
    expect(prompt()).toBeNull()
  })

  it('does not appear when running standalone (display-mode media query)', () => {
    installMatchMedia({ standalone: true })
    useDevice(USER_AGENTS.iphoneSafari)
    mountAndWait()
    expect(prompt()).toBeNull()
  })

  it('does not appear after two showings', () => {
    localStorage.setItem(INSTALL_PROMPT_COUNT_KEY, '2')
    localStorage.setItem(INSTALL_PROMPT_LAST_SHOWN_KEY, JSON.stringify(new Date(START.getTime() - 60 * DAY).toISOString()))
    useDevice(USER_AGENTS.iphoneSafari)
    mountAndWait()
    expect(prompt()).toBeNull()
    expect(localStorage.getItem(INSTALL_PROMPT_COUNT_KEY)).toBe('2')
  })

  it('waits 7 days after the first showing, then shows a second time', () => {
    localStorage.setItem(INSTALL_PROMPT_COUNT_KEY, '1')
    localStorage.setItem(INSTALL_PROMPT_LAST_SHOWN_KEY, JSON.stringify(new Date(START.getTime() - 6 * DAY).toISOString()))
    useDevice(USER_AGENTS.iphoneSafari)
    const early = mountAndWait()
    expect(prompt()).toBeNull()
    early.unmount()

    localStorage.setItem(INSTALL_PROMPT_LAST_SHOWN_KEY, JSON.stringify(new Date(START.getTime() - 7 * DAY).toISOString()))
    mountAndWait()
    expect(prompt()).toBeInTheDocument()
    expect(localStorage.getItem(INSTALL_PROMPT_COUNT_KEY)).toBe('2')
  })

  it('treats corrupt stored values as defaults', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    localStorage.setItem(INSTALL_PROMPT_COUNT_KEY, '{broken')
    localStorage.setItem(INSTALL_PROMPT_LAST_SHOWN_KEY, 'not-json')
    useDevice(USER_AGENTS.iphoneSafari)
    mountAndWait()
    expect(prompt()).toBeInTheDocument()
    expect(localStorage.getItem(INSTALL_PROMPT_COUNT_KEY)).toBe('1')
  })

  it.each(['Close prompt', 'Maybe later'])('"%s" slides the card out, then removes it', (name) => {
    useDevice(USER_AGENTS.iphoneSafari)
    mountAndWait()
    expect(prompt()).toHaveAttribute('data-state', 'open')
    expect(prompt()?.className).toContain('install-prompt-in')
    fireEvent.click(screen.getByRole('button', { name }))
    expect(prompt()).toHaveAttribute('data-state', 'closing')
    expect(prompt()?.className).toContain('install-prompt-out')
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_EXIT_MS)
    })
    expect(prompt()).toBeNull()
    // Hiding is not a showing: the count stays at 1.
    expect(localStorage.getItem(INSTALL_PROMPT_COUNT_KEY)).toBe('1')
  })

  it('cancels its timer when unmounted early', () => {
    useDevice(USER_AGENTS.iphoneSafari)
    const view = render(<InstallPrompt />)
    view.unmount()
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS)
    })
    expect(localStorage.getItem(INSTALL_PROMPT_COUNT_KEY)).toBeNull()
  })
})
