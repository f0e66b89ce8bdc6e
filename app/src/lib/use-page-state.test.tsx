import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { usePageState } from '@/lib/use-page-state'

beforeEach(() => sessionStorage.clear())

describe('usePageState', () => {
  it('starts from the initial value, and a later mount (Back, reload) gets the last value back', () => {
    const first = renderHook(() => usePageState('qr:text', ''))
    expect(first.result.current[0]).toBe('')
    act(() => first.result.current[1]('hello'))
    first.unmount()
    const again = renderHook(() => usePageState('qr:text', ''))
    expect(again.result.current[0]).toBe('hello')
    expect(renderHook(() => usePageState('other', 'x')).result.current[0]).toBe('x')
  })

  it('falls back to the initial value when the kept one is unreadable', () => {
    sessionStorage.setItem('page-state:broken', '{')
    expect(renderHook(() => usePageState('broken', 3)).result.current[0]).toBe(3)
  })
})
