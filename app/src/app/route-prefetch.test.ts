import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { prefetchOnIntent } from '@/app/route-prefetch'
import * as dashboard from '@/features/dashboard'
import * as tools from '@/tools'

const loadPage = vi.fn(async () => ({ default: () => null }))
const loadDashboard = vi.fn(async () => ({ default: () => null }))
beforeEach(() => {
  vi.spyOn(tools, 'findToolByPath').mockImplementation((path: string) => (path === '/qr-generator' ? ({ component: loadPage } as never) : undefined))
  vi.spyOn(dashboard, 'loadDashboardPage').mockImplementation(loadDashboard as never)
})

function link(href: string): HTMLAnchorElement {
  const anchor = document.createElement('a')
  anchor.href = href
  anchor.append(document.createElement('span'))
  document.body.append(anchor)
  return anchor
}

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
  document.body.replaceChildren()
  loadPage.mockClear()
  loadDashboard.mockClear()
})

describe('prefetchOnIntent', () => {
  it("starts loading a linked tool's page when the visitor points at or focuses the link, once", () => {
    stop = prefetchOnIntent()
    const anchor = link('/qr-generator')
    anchor.firstElementChild!.dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(loadPage).toHaveBeenCalledTimes(1)
    anchor.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    expect(loadPage).toHaveBeenCalledTimes(1)
  })

  it("starts loading a protected page's code too, though its route decides on the session first", () => {
    stop = prefetchOnIntent()
    link('/dashboard').dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(loadDashboard).toHaveBeenCalledTimes(1)
  })

  it('leaves links to other sites and other pages alone, and stops when told', () => {
    stop = prefetchOnIntent()
    link('https://example.com/qr-generator').dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(loadPage).not.toHaveBeenCalled()
    stop()
    link('/qr-generator').dispatchEvent(new Event('touchstart', { bubbles: true }))
    expect(loadPage).not.toHaveBeenCalled()
  })
})
