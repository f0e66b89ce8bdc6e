import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readSessionWithRetries } from '@/features/auth/session/session-start'

const session = { access_token: 'a' }

beforeEach(() => {
  vi.useFakeTimers()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.useRealTimers())

describe('session start (SPEC §4/§9: 3 retries, 1 s apart)', () => {
  it('retries a failed read after 1 s each time and succeeds on the third retry', async () => {
    const read = vi
      .fn()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce({ data: { session: null }, error: new Error('500') })
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue({ data: { session }, error: null })
    const result = readSessionWithRetries(read)
    await vi.advanceTimersByTimeAsync(0)
    expect(read).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(read).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(read).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(read).toHaveBeenCalledTimes(4)
    await expect(result).resolves.toBe(session)
  })

  it('gives up after the first read and 3 retries', async () => {
    const read = vi.fn().mockRejectedValue(new Error('down'))
    const result = readSessionWithRetries(read)
    const settled = expect(result).rejects.toThrow('down')
    await vi.advanceTimersByTimeAsync(10_000)
    await settled
    expect(read).toHaveBeenCalledTimes(4)
  })
})
