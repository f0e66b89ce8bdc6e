import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setAccessTokenProvider } from '@/lib/api/access-token'
import { MyShortLinks } from '@/tools/url-shortener/my-short-links'
import { recordNotices } from '@/testing/record-notices'

let notifyMock: ReturnType<typeof recordNotices>
beforeEach(() => {
  notifyMock = recordNotices()
})

const link = (code: string, clicks: number, maxClicks: number | null, status = 'active') => ({
  id: `00000000-0000-4000-8000-00000000000${code.length}`,
  short_code: code,
  short_url: `http://localhost/s/${code}`,
  original_url: `https://example.com/${code}`,
  clicks,
  max_clicks: maxClicks,
  expires_at: null,
  created_at: '2026-11-20T10:00:00Z',
  status,
})

// The fetch boundary: what the BFF answers, and what it was asked.
function stubBff() {
  const calls: { method: string; path: string; auth: string | null }[] = []
  let links = [link('abc', 3, 10), link('spring', 12, null, 'exhausted')]
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url)
      calls.push({ method: request.method, path: url.pathname + url.search, auth: request.headers.get('Authorization') })
      if (request.method === 'DELETE') {
        links = links.filter((item) => !url.pathname.endsWith(item.id))
        return new Response(null, { status: 204 })
      }
      return Response.json({ links, total: links.length, limit: 50, offset: 0 })
    }),
  )
  return calls
}

const renderList = () =>
  render(
    <MemoryRouter>
      <MyShortLinks refreshKey={0} />
    </MemoryRouter>,
  )

describe('MyShortLinks', () => {
  beforeEach(() => vi.clearAllMocks())
  afterEach(() => act(() => setAccessTokenProvider(() => null)))

  it('asks signed-out visitors to sign in and calls nothing', () => {
    const calls = stubBff()
    renderList()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    expect(calls).toEqual([])
  })

  it('lists the signed-in user’s links with clicks, and appears when a session starts', async () => {
    const calls = stubBff()
    renderList()
    act(() => setAccessTokenProvider(() => 'session-token'))
    const table = await screen.findByRole('table', { name: 'My links' })
    expect(calls).toEqual([{ method: 'GET', path: '/api/links?limit=50', auth: 'Bearer session-token' }])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent('/s/abc')
    expect(rows[0]).toHaveTextContent('3 / 10')
    expect(rows[1]).toHaveTextContent('Click limit reached')
  })

  it('deletes a link through the BFF and removes its row', async () => {
    const calls = stubBff()
    setAccessTokenProvider(() => 'session-token')
    renderList()
    await screen.findByRole('table', { name: 'My links' })
    await userEvent.click(screen.getByRole('button', { name: 'Delete http://localhost/s/abc' }))
    await vi.waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2))
    expect(calls.at(-1)).toEqual({ method: 'DELETE', path: `/api/links/${link('abc', 0, null).id}`, auth: 'Bearer session-token' })
    expect(notifyMock.success).toHaveBeenCalledWith('Link deleted', 'http://localhost/s/abc')
  })

  it("shows the BFF's message when the list cannot be loaded", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: { code: 'invalid_token', message: 'The access token has expired' } }, { status: 401 })))
    setAccessTokenProvider(() => 'old-token')
    renderList()
    await vi.waitFor(() => expect(notifyMock.error).toHaveBeenCalledWith('Could not load your links', 'The access token has expired'))
  })
})
