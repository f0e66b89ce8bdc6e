import { waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getAdminStatus, resetAdminStatusForTests, subscribeAdminStatus } from '@/lib/admin-status'
import { notifyAccessTokenChanged, setAccessTokenProvider } from '@/lib/api/access-token'
import { focusSource } from '@/lib/change-sources'

let token: string | null
let serverSaysAdmin: boolean

beforeEach(() => {
  token = 'token-1'
  serverSaysAdmin = true
  setAccessTokenProvider(() => token)
  resetAdminStatusForTests([focusSource()])
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      expect(new URL(request.url).pathname).toBe('/api/me')
      expect(request.headers.get('Authorization')).toBe(`Bearer ${token}`)
      return Response.json({ user: { id: 'u', email: 'a@example.com', role: 'authenticated' }, profile: null, is_admin: serverSaysAdmin })
    }),
  )
})
afterEach(() => {
  resetAdminStatusForTests()
  setAccessTokenProvider(() => null)
})

describe('admin status', () => {
  it('is asked of the server and re-checked on focus', async () => {
    expect(getAdminStatus()).toBe('checking')
    const stop = subscribeAdminStatus(() => undefined)
    await waitFor(() => expect(getAdminStatus()).toBe('admin'))

    serverSaysAdmin = false  // another admin revoked the role meanwhile
    window.dispatchEvent(new Event('focus'))
    await waitFor(() => expect(getAdminStatus()).toBe('not-admin'))
    stop()
  })

  it('follows the session: a new user is checked again, signing out clears it', async () => {
    serverSaysAdmin = false
    const stop = subscribeAdminStatus(() => undefined)
    await waitFor(() => expect(getAdminStatus()).toBe('not-admin'))

    token = 'token-2'
    serverSaysAdmin = true
    notifyAccessTokenChanged()
    await waitFor(() => expect(getAdminStatus()).toBe('admin'))

    token = null
    notifyAccessTokenChanged()
    await waitFor(() => expect(getAdminStatus()).toBe('signed-out'))
    stop()
  })

  it('keeps the last answer when a re-check fails', async () => {
    const stop = subscribeAdminStatus(() => undefined)
    await waitFor(() => expect(getAdminStatus()).toBe('admin'))
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'))
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    window.dispatchEvent(new Event('focus'))
    await waitFor(() => expect(console.warn).toHaveBeenCalled())
    expect(getAdminStatus()).toBe('admin')
    stop()
  })
})
