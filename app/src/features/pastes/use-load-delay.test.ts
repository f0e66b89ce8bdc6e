import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PASTE_LOAD_DELAY_MS, useLoadDelay } from '@/features/pastes/use-load-delay'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('paste load delay (SPEC §9: 300 ms)', () => {
  it('shows loading only once it has lasted 300 ms', () => {
    const { result } = renderHook(({ loading }) => useLoadDelay(loading), { initialProps: { loading: true } })
    expect(PASTE_LOAD_DELAY_MS).toBe(300)
    act(() => void vi.advanceTimersByTime(299))
    expect(result.current).toBe(false)
    act(() => void vi.advanceTimersByTime(1))
    expect(result.current).toBe(true)
  })

  it('never shows it for a load that ends sooner, and hides it the moment loading ends', () => {
    const { result, rerender } = renderHook(({ loading }) => useLoadDelay(loading), { initialProps: { loading: true } })
    act(() => void vi.advanceTimersByTime(200))
    rerender({ loading: false })
    act(() => void vi.advanceTimersByTime(500))
    expect(result.current).toBe(false)
    rerender({ loading: true })
    act(() => void vi.advanceTimersByTime(300))
    expect(result.current).toBe(true)
    rerender({ loading: false })
    expect(result.current).toBe(false)
  })
})
