import type { Session } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { clearStoredSession, readStoredSession, saveSession, saveTokens } from '@/features/auth/session/session-storage'
import { notify } from '@/lib/notify'
import { recordNotices } from '@/testing/record-notices'

beforeEach(() => {
  recordNotices()
})

const user = { id: 'u-1', email: 'ada@example.com' }
const session = { access_token: 'access-1', refresh_token: 'refresh-1', expires_at: 2_000_000, expires_in: 3600, user } as unknown as Session

beforeEach(() => {
  vi.clearAllMocks()
  localStorage.clear()
})

describe('saving a session (SPEC §3/§4)', () => {
  it('stores token, user object, refresh value and expiry under the SPEC keys', () => {
    saveSession(session)
    expect(JSON.parse(localStorage.getItem('auth_token')!)).toBe('access-1')
    expect(JSON.parse(localStorage.getItem('user_data')!)).toEqual(user)
    expect(JSON.parse(localStorage.getItem('refresh_token')!)).toBe('refresh-1')
    expect(JSON.parse(localStorage.getItem('session_expiry')!)).toBe(2_000_000_000)
  })

  it('a token refresh updates the stored tokens and expiry', () => {
    saveSession(session)
    saveTokens({ access_token: 'access-2', refresh_token: 'refresh-2', expires_at: 2_003_600, expires_in: 3600 })
    expect(JSON.parse(localStorage.getItem('auth_token')!)).toBe('access-2')
    expect(JSON.parse(localStorage.getItem('refresh_token')!)).toBe('refresh-2')
    expect(JSON.parse(localStorage.getItem('session_expiry')!)).toBe(2_003_600_000)
  })
})

describe('clearing a session (SPEC §4)', () => {
  it('removes token, user data, expiry, refresh value and the legacy keys, nothing else', () => {
    saveSession(session)
    for (const key of ['user', 'token', 'sb-cdn-auth-token', 'ui-theme']) localStorage.setItem(key, '"x"')
    clearStoredSession()
    expect(Object.keys(localStorage)).toEqual(['ui-theme'])
  })
})

describe('session validity (SPEC §4)', () => {
  it('is valid only with a token and an expiry and before the expiry', () => {
    expect(readStoredSession(1_000)).toEqual({ status: 'none' })
    saveSession(session)
    expect(readStoredSession(1_999_999_999)).toMatchObject({ status: 'valid', expiresAt: 2_000_000_000 })
    expect(readStoredSession(2_000_000_000)).toEqual({ status: 'expired' })
    localStorage.removeItem('auth_token')
    expect(readStoredSession(1_000)).toEqual({ status: 'none' })
  })

  it('an unparseable expiry is not logged in, and says so in the console', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    saveSession(session)
    localStorage.setItem('session_expiry', 'tomorrow-ish')
    expect(readStoredSession(1_000)).toEqual({ status: 'unparseable-expiry' })
    expect(log).toHaveBeenCalledWith(expect.stringContaining('tomorrow-ish'))
    expect(notify.error).not.toHaveBeenCalled()
  })

  it("unparseable user data is no session and shows 'Session data error'", () => {
    saveSession(session)
    localStorage.setItem('user_data', '{not json')
    expect(readStoredSession(1_000)).toEqual({ status: 'unparseable-user' })
    expect(notify.error).toHaveBeenCalledWith('Session data error')
  })
})
