import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cancelRefreshTimer, scheduleRefresh } from '@/features/auth/session/refresh-timer'

const MINUTE = 60_000

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(0)
})
afterEach(() => {
  cancelRefreshTimer()
  vi.useRealTimers()
})

describe('refresh timer (SPEC §4/§9)', () => {
  it('refreshes 5 minutes before expiry', async () => {
    const refresh = vi.fn().mockResolvedValue(true)
    const onExpired = vi.fn()
    scheduleRefresh({ expiresAt: 60 * MINUTE, refresh, onExpired })
    await vi.advanceTimersByTimeAsync(55 * MINUTE - 1)
    expect(refresh).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(10 * MINUTE)
    expect(onExpired).not.toHaveBeenCalled()
  })

  it('retries a failed refresh after 200 ms, then doubling, and succeeds', async () => {
    const refresh = vi.fn().mockResolvedValueOnce(false).mockRejectedValueOnce(new Error('offline')).mockResolvedValue(true)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    scheduleRefresh({ expiresAt: 60 * MINUTE, refresh, onExpired: vi.fn() })
    await vi.advanceTimersByTimeAsync(55 * MINUTE)
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(199)
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(refresh).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(399)
    expect(refresh).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(refresh).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(60 * MINUTE)
    expect(refresh).toHaveBeenCalledTimes(3)
  })

  it('when refresh keeps failing, gives up at expiry', async () => {
    const refresh = vi.fn().mockResolvedValue(false)
    const onExpired = vi.fn()
    scheduleRefresh({ expiresAt: 60 * MINUTE, refresh, onExpired })
    await vi.advanceTimersByTimeAsync(60 * MINUTE - 1)
    expect(onExpired).not.toHaveBeenCalled()
    // Try k happens 200·(2^k − 1) ms after the first; those before expiry are k = 0…10.
    expect(refresh).toHaveBeenCalledTimes(11)
    await vi.advanceTimersByTimeAsync(1)
    expect(onExpired).toHaveBeenCalledTimes(1)
  })

  it('a new schedule or a cancel replaces the pending one', async () => {
    const first = vi.fn().mockResolvedValue(true)
    const second = vi.fn().mockResolvedValue(true)
    scheduleRefresh({ expiresAt: 10 * MINUTE, refresh: first, onExpired: vi.fn() })
    scheduleRefresh({ expiresAt: 20 * MINUTE, refresh: second, onExpired: vi.fn() })
    await vi.advanceTimersByTimeAsync(16 * MINUTE)
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledTimes(1)
    scheduleRefresh({ expiresAt: 30 * MINUTE, refresh: first, onExpired: vi.fn() })
    cancelRefreshTimer()
    await vi.advanceTimersByTimeAsync(30 * MINUTE)
    expect(first).not.toHaveBeenCalled()
  })
})
