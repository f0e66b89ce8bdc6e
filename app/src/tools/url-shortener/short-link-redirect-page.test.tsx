import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import ShortLinkRedirectPage from '@/tools/url-shortener/short-link-redirect-page'
import { withScheme } from '@/tools/url-shortener/resolve-short-link'

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/s/:code', element: <ShortLinkRedirectPage /> }, { path: '/', element: <p>Home page</p> }], { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return router
}

const answer = (status: number, code: string) => vi.fn(async () => Response.json({ error: { code, message: code } }, { status }))

describe('the /s/{code} screen', () => {
  it('says it is redirecting and sends an unknown code home with the reason for the home page', async () => {
    vi.stubGlobal('fetch', answer(404, 'not_found'))
    const router = renderAt('/s/nope')
    expect(screen.getByRole('heading', { name: 'Redirecting you...' })).toBeInTheDocument()
    expect(screen.getByText("You'll be taken to your destination momentarily")).toBeInTheDocument()
    expect(await screen.findByText('Home page')).toBeInTheDocument()
    expect(router.state.location.pathname + router.state.location.search).toBe('/?link=unknown')
  })

  it.each([
    ['link_expired', 'expired'],
    ['link_exhausted', 'exhausted'],
  ])('sends a dead link home saying why (%s → ?link=%s)', async (code, reason) => {
    vi.stubGlobal('fetch', answer(410, code))
    const router = renderAt(`/s/dead-${reason}`)
    expect(await screen.findByText('Home page')).toBeInTheDocument()
    expect(router.state.location.search).toBe(`?link=${reason}`)
  })

  it('leaves a protected link to the redirect service’s password page (a real page load)', async () => {
    vi.stubGlobal('fetch', answer(403, 'password_required'))
    const replace = vi.fn()
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, replace })
    renderAt('/s/locked')
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/s/locked'))
  })

  it('resolves the code through the BFF and replaces the location with the destination', async () => {
    const asked: string[] = []
    vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
      asked.push(new URL(request.url).pathname)
      return Response.json({ short_code: 'abc', url: 'https://example.com/page' })
    }))
    const replace = vi.fn()
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, replace })
    renderAt('/s/abc')
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('https://example.com/page'))
    expect(asked).toContain('/api/links/resolve/abc')
  })

  it('puts https:// in front of a destination without http or https (SPEC §5)', () => {
    expect(withScheme('example.com/x')).toBe('https://example.com/x')
    expect(withScheme('http://example.com')).toBe('http://example.com')
    expect(withScheme('HTTPS://example.com')).toBe('HTTPS://example.com')
  })
})
