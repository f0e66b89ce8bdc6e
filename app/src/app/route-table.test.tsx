import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { RouteObject } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { appRoutes } from '@/app/route-table'
import type { SessionState } from '@/features/auth/session'
import { PROTECTED_PAGE_PATHS } from '@/features/auth/session'
import * as useSessionModule from '@/features/auth/session/use-session'
import * as useAdminStatusModule from '@/lib/use-admin-status'
import { renderRoute } from '@/testing/render-route'
import { tools } from '@/tools'

// The pages' own tests cover sessions; here a signed-in visitor sees every page.
const signedIn: SessionState = {
  status: 'signed-in',
  session: { user: { id: 'u-1', email: 'ada@example.com', created_at: '2026-01-01T00:00:00Z', user_metadata: {} } } as never,
}
let sessionState: SessionState = signedIn
beforeEach(() => {
  vi.spyOn(useSessionModule, 'useSession').mockImplementation(() => sessionState)
  // The admin area's own tests cover the 403 page; here the visitor is an administrator.
  vi.spyOn(useAdminStatusModule, 'useAdminStatus').mockReturnValue('admin')
  sessionState = signedIn
})

// Every SPEC §2 route plus /changelog and /settings/security, with the heading it must show.
const PAGES: [string, string | RegExp][] = [
  ['/', 'Everyday tools, beautifully simple'],
  ['/all-tools', 'All tools'],
  ['/login', 'Sign in'],
  ['/dashboard', 'Dashboard'],
  ['/account', 'Account settings'],
  ['/admin', 'Admin panel'],
  ['/settings/security', 'Security settings'],
  ['/help', 'Help and support'],
  ['/faq', 'Frequently asked questions'],
  ['/privacy-policy', 'Privacy policy'],
  ['/terms-of-service', 'Terms of service'],
  ['/changelog', 'Changelog'],
  ['/glass-showcase', 'Glass showcase'],
  ['/paste/new', 'New paste'],
  ['/paste/abc123', 'Paste'],
  ['/paste/abc123/edit', 'Edit paste'],
  ['/s/xyz', 'Redirecting you...'],
  ...tools.map((tool): [string, string] => [tool.path, tool.name]),
]

// Tool pages load lazily; on a busy machine the first import of a page's modules takes seconds.
const LAZY_PAGE = { timeout: 10_000 }

describe('routes', { timeout: 30_000 }, () => {
  it.each(PAGES)('%s renders its page heading', async (path, heading) => {
    // /login moves a signed-in visitor on to the dashboard.
    if (path === '/login') sessionState = { status: 'signed-out' }
    renderRoute(path)
    expect(await screen.findByRole('heading', { level: 1, name: heading }, LAZY_PAGE)).toBeInTheDocument()
  })

  const protectedPaths = [...PROTECTED_PAGE_PATHS, ...tools.filter((tool) => tool.requiresAuth).map((tool) => tool.path)]
  it.each(protectedPaths)('%s sends a signed-out visitor to /login, to come back after sign-in', async (path) => {
    sessionState = { status: 'signed-out' }
    const { router } = renderRoute(`${path}?x=1`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_PAGE)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(`${path}?x=1`)}`)
  })

  it.each(protectedPaths)("%s shows 'Loading...' while the session starts", async (path) => {
    sessionState = { status: 'loading' }
    renderRoute(path)
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...')
  })

  it('lets search engines index /login, where the tools that need an account send visitors', async () => {
    sessionState = { status: 'signed-out' }
    renderRoute('/converter')
    await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_PAGE)
    await waitFor(() => expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/login$/))
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull()
  })

  it('sets the page title from the registry for tool pages', async () => {
    renderRoute('/qr-generator')
    await screen.findByRole('heading', { level: 1, name: 'QR code generator' }, LAZY_PAGE)
    await waitFor(() => expect(document.title).toBe("QR code generator | Nova's Toolkit"))
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(tools.find((tool) => tool.path === '/qr-generator')?.description)
  })

  it('shows the short-link screen text from SPEC §2 without the site header', async () => {
    renderRoute('/s/abc')
    expect(await screen.findByText("You'll be taken to your destination momentarily")).toBeInTheDocument()
    expect(screen.queryByRole('banner')).toBeNull()
  })

  it.each(['/does-not-exist', '/paste', '/converter/extra', '/s'])('%s shows the designed not-found page inside the layout', async (path) => {
    renderRoute(path)
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/')
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex'))
  })

  it('shows the error screen with a way home when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function Boom(): never {
      throw new Error('kaboom')
    }
    // The real table with one extra page that fails while rendering.
    const addBoom = (child: RouteObject): RouteObject =>
      child.index ? child : { ...child, children: [{ path: 'boom', Component: Boom }, ...(child.children ?? [])] }
    const withBoom = appRoutes.map((route): RouteObject => (route.path === '/' && !route.index ? { ...route, children: route.children?.map(addBoom) } : route))
    renderRoute('/boom', withBoom)
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument()
    expect(within(alert).getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/')
    // Page errors keep the header so the visitor can navigate away.
    expect(screen.getByRole('banner')).toBeInTheDocument()
  })

  it('shows the standalone error screen when the layout itself fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function BrokenLayout(): never {
      throw new Error('layout broke')
    }
    const broken = appRoutes.map((route): RouteObject => (route.path === '/' && !route.index ? { ...route, Component: BrokenLayout } : route))
    renderRoute('/', broken)
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument()
    expect(screen.queryByRole('banner')).toBeNull()
  })

  it('opens the command palette with Ctrl+K and navigates to the chosen tool', async () => {
    const user = userEvent.setup()
    const { router } = renderRoute('/')
    await screen.findByRole('heading', { level: 1 })
    await user.keyboard('{Control>}k{/Control}')
    const input = await screen.findByRole('combobox', { name: 'Search tools' })
    await user.type(input, 'password')
    expect(screen.getAllByRole('option')).toHaveLength(1)
    await user.keyboard('{Enter}')
    await screen.findByRole('heading', { level: 1, name: 'Password generator' }, LAZY_PAGE)
    expect(router.state.location.pathname).toBe('/password-generator')
  })

  it('filters /all-tools by search and groups by category', async () => {
    const user = userEvent.setup()
    renderRoute('/all-tools')
    await screen.findByRole('heading', { level: 1, name: 'All tools' })
    expect(screen.getByRole('heading', { level: 2, name: /Images/ })).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Filter tools' }), 'ocr')
    expect(screen.getByRole('heading', { level: 3, name: 'Image to text' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 3, name: 'Translator' })).toBeNull()
    expect(screen.queryByRole('heading', { level: 2, name: /Documents/ })).toBeNull()
  })

  it('lists a visited tool under "Recently used" on the home page', async () => {
    const first = renderRoute('/text-cleaner')
    await screen.findByRole('heading', { level: 1, name: 'Text cleaner' }, LAZY_PAGE)
    first.unmount()
    renderRoute('/')
    const recent = (await screen.findByRole('heading', { level: 2, name: 'Recently used' })).closest('section')!
    expect(within(recent).getByRole('link', { name: /Text cleaner/ })).toHaveAttribute('href', '/text-cleaner')
  })
})
