import { AuthRetryableFetchError } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { clearStoredSession, loadAuth } from '@/features/auth/client'
import { getSessionState } from '@/features/auth/session/session-store'
import { signOutEverywhere } from '@/features/auth/session/sign-out'
import { notify } from '@/lib/notify'

vi.mock('@/features/auth/client/auth-client', () => ({ loadAuth: vi.fn(), clearStoredSession: vi.fn(async () => {}) }))
vi.mock('@/lib/notify', () => {
  const notify = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() })
  return { notify }
})

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
  vi.clearAllMocks()
  vi.mocked(loadAuth).mockResolvedValue(auth as never)
  for (const fn of Object.values(auth)) fn.mockReset()
  auth.getSession.mockResolvedValue({ data: { session: null }, error: null })
})

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
