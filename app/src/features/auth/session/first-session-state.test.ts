import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { getAdminStatus } from '@/lib/admin-status'
import * as getMeModule from '@/features/auth/session/api/get-me'
import { firstSessionState, resetSessionStoreForTests, startStoredSession } from '@/features/auth/session/session-store'
import { pastFirstPaint } from '@/testing/past-first-paint'
import { stubAuthClient } from '@/testing/stub-auth-client'

// The first page paints with the session read synchronously from the SPEC §3 keys, before supabase-js.
// supabase-js never arrives here: whatever these tests see was done without it.
let getMe: MockInstance<typeof getMeModule.getMe>
beforeEach(() => {
  stubAuthClient().loadAuth.mockImplementation(() => new Promise(() => {}))
  getMe = vi.spyOn(getMeModule, 'getMe').mockReturnValue(undefined as never)
})
// The store starts (supabase-js never arriving) after the first paint: once that has run, it goes back
// to unstarted and signed out, so a later file in the shared worker (vitest.config.ts) starts its own.
afterEach(async () => {
  await pastFirstPaint()
  localStorage.clear()
  resetSessionStoreForTests()
})

const NOW = 1_800_000_000_000
const user = { id: 'u-1', email: 'ada@example.com', factors: [] }

/** Unreadable as JSON, stored as is. */
class Raw {
  constructor(readonly text: string) {}
}

function store(values: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value instanceof Raw ? value.text : JSON.stringify(value))
}

beforeEach(() => localStorage.clear())

describe('firstSessionState', () => {
  it('is signed in with the stored token, refresh value and user while the stored expiry is ahead', () => {
    store({ auth_token: 'access-1', refresh_token: 'refresh-1', session_expiry: NOW + 60_000, user_data: user })
    const state = firstSessionState(NOW)
    expect(state.status).toBe('signed-in')
    if (state.status !== 'signed-in') return
    expect(state.session).toMatchObject({ access_token: 'access-1', refresh_token: 'refresh-1', expires_at: (NOW + 60_000) / 1000, expires_in: 60, user })
  })

  it('is signed out at once when nothing is stored, so no page waits for Auth', () => {
    expect(firstSessionState(NOW)).toEqual({ status: 'signed-out' })
  })

  it.each([
    ['an expired session (to refresh)', { auth_token: 'a', session_expiry: NOW - 1, user_data: user }],
    ['an unreadable expiry', { auth_token: 'a', session_expiry: new Raw('{'), user_data: user }],
    ['unreadable user data', { auth_token: 'a', session_expiry: NOW + 60_000, user_data: new Raw('{broken') }],
    ['a token without its user', { auth_token: 'a', session_expiry: NOW + 60_000 }],
    ["a session only supabase-js holds", { 'sb-localhost-auth-token': { access_token: 'a' } }],
  ])("leaves %s to session start ('loading')", (_, values) => {
    store(values)
    expect(firstSessionState(NOW)).toEqual({ status: 'loading' })
  })
})

/** An access token whose payload carries `aal` (the signature is the server's business). */
function token(aal: string): string {
  return `x.${btoa(JSON.stringify({ sub: 'u-1', aal })).replace(/=+$/, '')}.y`
}

describe('startStoredSession', () => {
  beforeEach(() => getMe.mockClear())

  it('asks the server who a stored, valid session is (admin status) at once, without waiting for supabase-js', async () => {
    getMe.mockResolvedValue({ is_admin: true, profile: null } as never)
    store({ auth_token: token('aal1'), refresh_token: 'r', session_expiry: Date.now() + 600_000, user_data: user })
    resetSessionStoreForTests()
    expect(startStoredSession()).toBe('signed-in')
    expect(getMe).toHaveBeenCalledWith(token('aal1'))
    await vi.waitFor(() => expect(getAdminStatus()).toBe('admin'))
  })

  it('does not ask for a session still owing its authenticator code', () => {
    const withFactor = { ...user, factors: [{ id: 'f-1', status: 'verified', factor_type: 'totp' }] }
    store({ auth_token: token('aal1'), refresh_token: 'r', session_expiry: Date.now() + 600_000, user_data: withFactor })
    resetSessionStoreForTests()
    expect(startStoredSession()).toBe('signed-in')
    expect(getMe).not.toHaveBeenCalled()
  })
})
