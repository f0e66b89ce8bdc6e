import { describe, expect, it, vi } from 'vitest'
import { whenVisitorActs } from '@/lib/when-visitor-acts'

describe('whenVisitorActs', () => {
  it('runs once, at the first drag, click, key or touch, and not before', () => {
    const run = vi.fn()
    whenVisitorActs(run)
    window.dispatchEvent(new Event('scroll'))
    expect(run).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('dragenter')) // a file dragged in from the desktop
    expect(run).toHaveBeenCalledTimes(1)
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }))
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('runs nothing once stopped (the page was left first)', () => {
    const run = vi.fn()
    whenVisitorActs(run)()
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(run).not.toHaveBeenCalled()
  })
})
