import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { INACTIVITY_LIMIT_MS, watchInactivity } from '@/features/auth/session/inactivity'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('inactivity (SPEC §4/§9: 30 minutes)', () => {
  it('fires once after 30 minutes without input', () => {
    expect(INACTIVITY_LIMIT_MS).toBe(30 * 60 * 1000)
    const onInactive = vi.fn()
    watchInactivity(onInactive)
    vi.advanceTimersByTime(INACTIVITY_LIMIT_MS - 1)
    expect(onInactive).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onInactive).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(INACTIVITY_LIMIT_MS * 2)
    expect(onInactive).toHaveBeenCalledTimes(1)
  })

  it('input starts the 30 minutes again; stopping ends the watch', () => {
    const onInactive = vi.fn()
    const stop = watchInactivity(onInactive)
    vi.advanceTimersByTime(20 * 60 * 1000)
    window.dispatchEvent(new KeyboardEvent('keydown'))
    vi.advanceTimersByTime(20 * 60 * 1000)
    expect(onInactive).not.toHaveBeenCalled()
    vi.advanceTimersByTime(10 * 60 * 1000)
    expect(onInactive).toHaveBeenCalledTimes(1)

    const again = vi.fn()
    watchInactivity(again)()
    stop()
    vi.advanceTimersByTime(INACTIVITY_LIMIT_MS)
    expect(again).not.toHaveBeenCalled()
  })
})
