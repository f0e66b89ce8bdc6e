import { afterEach, describe, expect, it, vi } from 'vitest'

const loadPage = vi.hoisted(() => vi.fn(async () => ({ default: () => null })))
vi.mock('@/tools', async (original) => ({
  ...(await original<typeof import('@/tools')>()),
  findToolByPath: (path: string) => (path === '/qr-generator' ? { component: loadPage } : undefined),
}))
const loadDashboard = vi.hoisted(() => vi.fn(async () => ({ default: () => null })))
vi.mock('@/features/dashboard', () => ({ loadDashboardPage: loadDashboard }))
const { prefetchOnIntent } = await import('@/app/route-prefetch')

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
