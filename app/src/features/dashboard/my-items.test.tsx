import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { MyShortLinks, MyPastes } from '@/features/dashboard/my-items'

const link = (id: string, code: string, clicks: number) => ({
  id, short_code: code, short_url: `https://t.example/s/${code}`, original_url: `https://example.com/${code}`, clicks,
  max_clicks: null, expires_at: null, created_at: '2026-01-01T00:00:00Z', status: 'active',
})
const paste = { id: 'p1', title: '', language: 'plaintext', privacy: 'private', user_id: 'u', created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z', expires_at: null, burn_after_read: false, views: 3, likes: 0, preview: '', size: 1 }

/** The BFF answering through the real API client: each call's request is kept. */
function bffAnswers(...answers: Response[]) {
  const fetchMock = vi.fn(async (_request: Request) => answers.shift() ?? Response.json({}, { status: 500 }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('dashboard lists', () => {
  it('shows my short links with their clicks, asked for with my token', async () => {
    const fetchMock = bffAnswers(Response.json({ links: [link('1', 'abc', 1), link('2', 'def', 7)], total: 2, limit: 5, offset: 0 }))
    render(<MemoryRouter><MyShortLinks accessToken="tok" /></MemoryRouter>)
    expect(await screen.findByText('https://t.example/s/abc')).toBeInTheDocument()
    expect(screen.getByText('1 click')).toBeInTheDocument()
    expect(screen.getByText('7 clicks')).toBeInTheDocument()
    const request = fetchMock.mock.calls[0]![0]
    expect(new URL(request.url).pathname + new URL(request.url).search).toBe('/api/links?limit=5')
    expect(request.headers.get('Authorization')).toBe('Bearer tok')
  })

  it('shows my pastes, or says there are none, or that loading failed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const fetchMock = bffAnswers(
      Response.json({ pastes: [paste], next_cursor: null }),
      Response.json({ pastes: [], next_cursor: null }),
      Response.json({ error: { code: 'database_unavailable', message: 'The database is unavailable' } }, { status: 503 }),
    )
    const first = render(<MemoryRouter><MyPastes accessToken="tok" /></MemoryRouter>)
    expect(await screen.findByRole('link', { name: 'Untitled' })).toHaveAttribute('href', '/paste/p1')
    expect(screen.getByText('3 views · private')).toBeInTheDocument()
    expect(new URL(fetchMock.mock.calls[0]![0].url).search).toBe('?scope=mine&limit=5')
    first.unmount()

    const second = render(<MemoryRouter><MyPastes accessToken="tok" /></MemoryRouter>)
    expect(await screen.findByText('No pastes yet.')).toBeInTheDocument()
    second.unmount()

    render(<MemoryRouter><MyPastes accessToken="tok" /></MemoryRouter>)
    expect(await screen.findByText('Couldn’t load this right now.')).toBeInTheDocument()
  })
})
