import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useLoadAtFirstAct } from '@/lib/use-load-at-first-act'

describe('useLoadAtFirstAct', () => {
  it('loads each part once, at the first act on the page and not before; a failed fetch is left to the page', () => {
    const loadEditor = vi.fn(() => Promise.resolve({}))
    // Not a vi.fn, which handles the promise it returns: left unhandled, this rejection fails the run.
    let resultsAsked = 0
    const loadResults = () => {
      resultsAsked += 1
      return Promise.reject(new Error('offline'))
    }
    renderHook(() => useLoadAtFirstAct(loadEditor, loadResults))
    window.dispatchEvent(new Event('scroll'))
    expect(loadEditor).not.toHaveBeenCalled()
    expect(resultsAsked).toBe(0)
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }))
    expect(loadEditor).toHaveBeenCalledTimes(1)
    expect(resultsAsked).toBe(1)
  })

  it('loads nothing once the page is left before an act', () => {
    const load = vi.fn(() => Promise.resolve({}))
    renderHook(() => useLoadAtFirstAct(load)).unmount()
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(load).not.toHaveBeenCalled()
  })
})
