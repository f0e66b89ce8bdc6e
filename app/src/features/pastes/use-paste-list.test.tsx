import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PasteListPage } from '@/features/pastes/paste-list-page'
import { recordNotices } from '@/testing/record-notices'

let notifyMock: ReturnType<typeof recordNotices>
beforeEach(() => {
  notifyMock = recordNotices()
})

const item = (n: number) => ({
  id: `Paste${String(n).padStart(5, '0')}`, title: `Paste number ${n}`, language: 'plaintext', privacy: 'public', user_id: null,
  created_at: new Date(Date.UTC(2030, 0, 1, 0, 0, 100 - n)).toISOString(), updated_at: '2030-01-01T00:00:00Z', expires_at: null,
  burn_after_read: false, views: n, likes: 0, preview: `text ${n}`, size: 6,
})

beforeEach(() => vi.clearAllMocks())

const renderPage = () => render(<MemoryRouter><PasteListPage /></MemoryRouter>)

describe('the /pastes list', () => {
  it('shows the 10 newest public pastes, then the next page on "Load more"', async () => {
    const asked: string[] = []
    vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
      const url = new URL(request.url)
      asked.push(url.search)
      const cursor = url.searchParams.get('cursor')
      return Response.json(cursor ? { pastes: [item(11)], next_cursor: null } : { pastes: Array.from({ length: 10 }, (_, i) => item(i + 1)), next_cursor: 'next' })
    }))
    renderPage()
    expect(await screen.findByText('Paste number 10')).toBeInTheDocument()
    expect(asked[0]).toBe('?scope=recent&limit=10')
    screen.getByRole('button', { name: 'Load more' }).click()
    expect(await screen.findByText('Paste number 11')).toBeInTheDocument()
    expect(asked[1]).toBe('?scope=recent&limit=10&cursor=next')
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it("a failed load says 'Failed to load pastes. Please refresh the page.' titled Error", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: { code: 'x', message: 'boom' } }, { status: 500 })))
    renderPage()
    await vi.waitFor(() =>
      expect(notifyMock).toHaveBeenCalledWith({ title: 'Error', description: 'Failed to load pastes. Please refresh the page.', variant: 'destructive' }),
    )
  })

  it("opens at once with this browser's copy, and says so when the server is out of reach", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ pastes: [item(1)], next_cursor: null })))
    const first = renderPage()
    expect(await screen.findByText('Paste number 1')).toBeInTheDocument()
    first.unmount()

    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    }))
    renderPage()
    expect(screen.getByText('Paste number 1')).toBeInTheDocument()
    expect(await screen.findByText('You are offline: showing the pastes saved in this browser.')).toBeInTheDocument()
    expect(notifyMock).not.toHaveBeenCalled()
  })
})
