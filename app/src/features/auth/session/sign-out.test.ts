import { AuthRetryableFetchError } from '@supabase/supabase-js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearStoredSession, loadAuth } from '@/features/auth/client'
import { getSessionState, resetSessionStoreForTests } from '@/features/auth/session/session-store'
import { signOutEverywhere } from '@/features/auth/session/sign-out'
import { notify } from '@/lib/notify'
import { recordNotices } from '@/testing/record-notices'
import { stubAuthClient } from '@/testing/stub-auth-client'

const auth = {
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
  resend: vi.fn(),
  signOut: vi.fn(),
  // The session store starts (and follows Auth's events) before the sign-out.
  getSession: vi.fn(),
  onAuthStateChange: vi.fn(),
}

beforeEach(() => {
  stubAuthClient()
  recordNotices()
  vi.clearAllMocks()
  vi.mocked(loadAuth).mockResolvedValue(auth as never)
  for (const fn of Object.values(auth)) fn.mockReset()
  auth.getSession.mockResolvedValue({ data: { session: null }, error: null })
})
// The session store this file started with a stand-in Auth client: unstarted again for the next file
// in the shared worker (vitest.config.ts).
afterEach(() => resetSessionStoreForTests())

describe('signOutEverywhere', () => {
  it('signs out globally and says so in SPEC’s words', async () => {
    auth.signOut.mockResolvedValue({ error: null })
    await signOutEverywhere()
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'global' })
    expect(notify.success).toHaveBeenCalledWith('Successfully logged out')
    expect(clearStoredSession).not.toHaveBeenCalled()
  })

  it('clears the session itself when the server could not be told', async () => {
    auth.signOut.mockResolvedValue({ error: new AuthRetryableFetchError('Failed to fetch', 0) })
    await signOutEverywhere()
    expect(clearStoredSession).toHaveBeenCalled()
    expect(getSessionState()).toEqual({ status: 'signed-out' })
    expect(notify.error).toHaveBeenCalledWith('Error during logout, but session cleared')
  })
})
