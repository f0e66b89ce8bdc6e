import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { IncidentCode } from '@/features/security/incident-log'
import { devtoolsLikelyOpen, startLocalChecks } from '@/features/security/local-checks'

function fakeWindow(overrides: Partial<Record<'outerWidth' | 'innerWidth' | 'outerHeight' | 'innerHeight', number>> = {}) {
  const win = { outerWidth: 1280, innerWidth: 1280, outerHeight: 800, innerHeight: 720, self: {}, top: {} as unknown, ...overrides }
  win.top = win.self
  return win as unknown as Window & { innerWidth: number; innerHeight: number }
}

let found: IncidentCode[]
const record = (code: IncidentCode) => void found.push(code)

beforeEach(() => {
  vi.useFakeTimers()
  found = []
})
afterEach(() => vi.useRealTimers())

describe('dev-tools heuristic', () => {
  it('needs a gap of over 160 px in width or height', () => {
    expect(devtoolsLikelyOpen(fakeWindow({ innerWidth: 1280 - 160 }))).toBe(false)
    expect(devtoolsLikelyOpen(fakeWindow({ innerWidth: 1280 - 161 }))).toBe(true)
    expect(devtoolsLikelyOpen(fakeWindow({ innerHeight: 800 - 161 }))).toBe(true)
    expect(devtoolsLikelyOpen(fakeWindow({ outerWidth: 0, innerWidth: 400 }))).toBe(false)
  })

  it('checks every second and records each opening once', () => {
    const win = fakeWindow()
    const stop = startLocalChecks({ win, nav: { webdriver: false }, found: record })
    expect(found).toEqual([])

    win.innerWidth = 900  // dev tools docked to the side
    vi.advanceTimersByTime(999)
    expect(found).toEqual([])
    vi.advanceTimersByTime(1)
    expect(found).toEqual(['DEVTOOLS_OPEN'])
    vi.advanceTimersByTime(5000)
    expect(found).toEqual(['DEVTOOLS_OPEN'])

    win.innerWidth = 1280  // closed, then opened at the bottom
    vi.advanceTimersByTime(1000)
    win.innerHeight = 400
    vi.advanceTimersByTime(1000)
    expect(found).toEqual(['DEVTOOLS_OPEN', 'DEVTOOLS_OPEN'])

    stop()
    win.innerHeight = 720
    vi.advanceTimersByTime(1000)
    win.innerHeight = 300
    vi.advanceTimersByTime(3000)
    expect(found).toHaveLength(2)
  })
})

describe('one-off checks', () => {
  it('records a page shown inside a frame and a browser under automation', () => {
    const framed = { ...fakeWindow(), self: {}, top: {} } as unknown as Window
    startLocalChecks({ win: framed, nav: { webdriver: true }, found: record })()
    expect(found).toEqual(['IFRAME_DETECTED', 'AUTOMATION_DETECTED'])
  })

  it('counts a parent that refuses the comparison as a frame', () => {
    const crossOrigin = fakeWindow()
    Object.defineProperty(crossOrigin, 'top', { get: () => { throw new DOMException('Blocked', 'SecurityError') } })
    startLocalChecks({ win: crossOrigin, nav: { webdriver: false }, found: record })()
    expect(found).toEqual(['IFRAME_DETECTED'])
  })

  it('records nothing for an ordinary window', () => {
    startLocalChecks({ win: fakeWindow(), nav: { webdriver: false }, found: record })()
    expect(found).toEqual([])
  })
})
