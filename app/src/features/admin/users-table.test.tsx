import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { USERS_PAGE_SIZE, UsersTable } from '@/features/admin/users-table'
import * as adminStatusModule from '@/lib/admin-status'
import { notify } from '@/lib/notify'
import { recordNotices } from '@/testing/record-notices'

const ADA = { id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.com', nickname: 'ada', created_at: '2026-11-01T10:00:00Z', last_sign_in_at: null, is_admin: true }
const BOB = { id: '00000000-0000-4000-8000-000000000002', email: 'bob@example.com', nickname: 'bob', created_at: '2026-11-02T10:00:00Z', last_sign_in_at: '2026-11-20T10:00:00Z', is_admin: false }
let requests: { method: string; url: URL }[]

beforeEach(() => {
  recordNotices()
  vi.spyOn(adminStatusModule, 'recheckAdminStatus').mockResolvedValue(undefined)
  requests = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url)
      requests.push({ method: request.method, url })
      if (url.pathname === '/api/admin/users') {
        const q = url.searchParams.get('q') ?? ''
        const users = [BOB, ADA].filter((user) => user.email.includes(q))
        return Response.json({ users, total: q ? users.length : 45, limit: Number(url.searchParams.get('limit')), offset: Number(url.searchParams.get('offset')) })
      }
      if (url.pathname === `/api/admin/users/${ADA.id}/admin` && request.method === 'DELETE') {
        return Response.json({ error: { code: 'conflict', message: 'The last administrator cannot be revoked' } }, { status: 409 })
      }
      if (url.pathname === `/api/admin/users/${BOB.id}/admin` && request.method === 'POST') return Response.json({ user_id: BOB.id, is_admin: true })
      return Response.json({ error: { code: 'not_found', message: 'Unexpected call' } }, { status: 404 })
    }),
  )
})

// userEvent typing is slow on a busy machine: a generous budget, not a timing check.
describe('users table', { timeout: 20_000 }, () => {
  it('lists users with their role, searches and pages', async () => {
    const user = userEvent.setup()
    render(<UsersTable />)
    const bob = (await screen.findByText('bob@example.com')).closest('tr') as HTMLElement
    expect(within(bob).getByText('User')).toBeVisible()
    expect(within(screen.getByText('ada@example.com').closest('tr') as HTMLElement).getByText('Admin')).toBeVisible()
    expect(screen.getByText('1–2 of 45')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(requests.at(-1)?.url.searchParams.get('offset')).toBe(String(USERS_PAGE_SIZE))

    await user.type(screen.getByLabelText('Search users'), 'bob')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('1–1 of 1')).toBeVisible()
    expect(requests.at(-1)?.url.searchParams.get('q')).toBe('bob')
    expect(requests.at(-1)?.url.searchParams.get('offset')).toBe('0')
  })

  it('grants admin and shows the badge', async () => {
    const user = userEvent.setup()
    render(<UsersTable />)
    await user.click(await screen.findByRole('button', { name: 'Grant admin to bob@example.com' }))
    const bob = screen.getByText('bob@example.com').closest('tr') as HTMLElement
    expect(await within(bob).findByText('Admin')).toBeVisible()
    expect(notify.success).toHaveBeenCalledWith('bob@example.com is now an administrator')
  })

  it("shows the server's refusal when the last admin is revoked, and keeps the role", async () => {
    const user = userEvent.setup()
    render(<UsersTable />)
    await user.click(await screen.findByRole('button', { name: 'Revoke admin from ada@example.com' }))
    // Nothing is sent until the confirmation that says what will happen.
    const dialog = await screen.findByRole('dialog', { name: 'Revoke admin rights?' })
    expect(dialog).toHaveTextContent('ada@example.com will lose the admin panel')
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Revoke admin rights' }))
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalled())
    expect(notify.error).toHaveBeenCalledWith('The last administrator cannot be revoked')
    expect(within(screen.getByText('ada@example.com').closest('tr') as HTMLElement).getByText('Admin')).toBeVisible()
  })
})
