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

describe('the /s/{code} screen', () => {
  it('says it is redirecting and sends an unknown or expired code home', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: { code: 'not_found', message: 'This short link does not exist or has expired' } }, { status: 404 })))
    const router = renderAt('/s/nope')
    expect(screen.getByRole('heading', { name: 'Redirecting you...' })).toBeInTheDocument()
    expect(screen.getByText("You'll be taken to your destination momentarily")).toBeInTheDocument()
    expect(await screen.findByText('Home page')).toBeInTheDocument()
    // Home, with the word that makes the home page say why.
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/?link=gone')
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
