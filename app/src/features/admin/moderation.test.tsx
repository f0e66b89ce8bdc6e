import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Moderation } from '@/features/admin/moderation'
import { notify } from '@/lib/notify'
import { recordNotices } from '@/testing/record-notices'

beforeEach(() => {
  recordNotices()
})

const SPAM = { id: 'spam123456', title: 'Cheap pills', language: 'plaintext', excerpt: 'buy now buy now', author_email: 'spammer@example.com', created_at: '2026-11-20T10:00:00Z', expires_at: null, burn_after_read: false, views: 3, likes: 0 }
const BURN = { ...SPAM, id: 'burn123456', title: 'Secret', excerpt: null, author_email: null, burn_after_read: true }
const LINK = { short_code: 'phish', original_url: 'https://bad.example/login', owner_email: null, created_at: '2026-11-21T10:00:00Z', expires_at: null, clicks: 7, max_clicks: 10 }
let requests: { method: string; url: URL }[]
let failDeletes: boolean

beforeEach(() => {
  requests = []
  failDeletes = false
  vi.mocked(notify.success).mockClear()
  vi.mocked(notify.error).mockClear()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url)
      requests.push({ method: request.method, url })
      const paging = { limit: Number(url.searchParams.get('limit')), offset: Number(url.searchParams.get('offset') ?? 0) }
      if (url.pathname === '/api/admin/pastes' && request.method === 'GET') {
        const pastes = [SPAM, BURN].filter((paste) => paste.title.toLowerCase().includes(url.searchParams.get('q') ?? ''))
        return Response.json({ pastes, total: pastes.length, ...paging })
      }
      if (url.pathname === '/api/admin/links' && request.method === 'GET') return Response.json({ links: [LINK], total: 1, ...paging })
      if (request.method === 'DELETE') {
        if (failDeletes) return Response.json({ error: { code: 'forbidden', message: 'Only administrators can moderate' } }, { status: 403 })
        return new Response(null, { status: 204 })
      }
      return Response.json({ error: { code: 'not_found', message: 'Unexpected call' } }, { status: 404 })
    }),
  )
})

const renderModeration = () =>
  render(
    <MemoryRouter>
      <Moderation />
    </MemoryRouter>,
  )

describe('moderation', { timeout: 20_000 }, () => {
  it('lists public pastes with their author and text, and short links with their destination and clicks', async () => {
    renderModeration()
    const pastes = await screen.findByRole('list', { name: 'Public pastes' })
    expect(await within(pastes).findByRole('link', { name: 'Cheap pills' })).toHaveAttribute('href', '/paste/spam123456')
    expect(within(pastes).getByText('buy now buy now')).toBeVisible()
    expect(within(pastes).getByText(/spammer@example\.com/)).toBeVisible()
    expect(within(pastes).getByText(/^Anonymous/)).toBeVisible()
    expect(within(pastes).getByText(/Burn after reading/)).toBeVisible()

    const links = screen.getByRole('list', { name: 'Short links' })
    expect(await within(links).findByText('/s/phish')).toBeVisible()
    expect(within(links).getByRole('link', { name: 'https://bad.example/login' })).toHaveAttribute('rel', 'noopener noreferrer nofollow')
    expect(within(links).getByText(/7 of 10 clicks/)).toBeVisible()
  })

  it('searches one list without touching the other', async () => {
    const user = userEvent.setup()
    renderModeration()
    await screen.findByText('/s/phish')
    await user.type(screen.getByLabelText('Search public pastes'), 'secret')
    await user.click(within(screen.getByRole('search', { name: 'Public pastes' })).getByRole('button', { name: 'Search' }))
    expect(await screen.findByText(/Burn after reading/)).toBeVisible()
    expect(screen.queryByText('Cheap pills')).toBeNull()
    expect(requests.at(-1)?.url.searchParams.get('q')).toBe('secret')
    expect(screen.getByText('/s/phish')).toBeVisible()
  })

  it('deletes only after confirmation, and removes the item', async () => {
    const user = userEvent.setup()
    renderModeration()
    const remove = await screen.findByRole('button', { name: 'Delete short link /s/phish' })
    await user.click(remove)
    await user.click(screen.getByRole('button', { name: 'Keep it' }))
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([])
    expect(screen.getByText('/s/phish')).toBeVisible()

    await user.click(remove)
    expect(screen.getByRole('dialog')).toHaveTextContent('/s/phish will be gone for everyone')
    await user.click(screen.getByRole('button', { name: 'Delete short link' }))
    expect(await screen.findByText('No short links right now.')).toBeVisible()
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE' })
    expect(requests.at(-1)?.url.pathname).toBe('/api/admin/links/phish')
    expect(notify.success).toHaveBeenCalledWith('Deleted short link /s/phish')
  })

  it("shows the server's refusal and keeps the item", async () => {
    const user = userEvent.setup()
    failDeletes = true
    renderModeration()
    await user.click(await screen.findByRole('button', { name: 'Delete paste “Cheap pills” (spam123456)' }))
    await user.click(screen.getByRole('button', { name: 'Delete paste' }))
    expect(notify.error).toHaveBeenCalledWith('Only administrators can moderate')
    // The closed dialog hands the page back to assistive technology in an effect's cleanup, which
    // Preact runs after the next frame when the close comes from an answer rather than an event.
    expect(await screen.findByRole('link', { name: 'Cheap pills' })).toBeVisible()
  })
})
