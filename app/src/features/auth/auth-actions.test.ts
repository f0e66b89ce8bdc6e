import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { resendConfirmation, signIn, signOutEverywhere, signUp } from '@/features/auth/auth-actions'
import { clearStoredSession, loadAuth } from '@/features/auth/auth-client'
import { getSessionState } from '@/features/auth/session-store'
import { notify } from '@/lib/notify'

vi.mock('@/features/auth/auth-client', () => ({ loadAuth: vi.fn(), clearStoredSession: vi.fn(async () => {}) }))
vi.mock('@/lib/notify', () => {
  const notify = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() })
  return { notify }
})

const auth = {
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
  resend: vi.fn(),
  signOut: vi.fn(),
}

beforeEach(() => {
  vi.clearAllMocks()
  vi.mocked(loadAuth).mockResolvedValue(auth as never)
  for (const fn of Object.values(auth)) fn.mockReset()
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

describe('signIn', () => {
  it('reports wrong credentials and returns false', async () => {
    auth.signInWithPassword.mockResolvedValue({ data: {}, error: new AuthApiError('Invalid login credentials', 400, 'invalid_credentials') })
    expect(await signIn(' ada@example.com ', 'nope')).toBe(false)
    expect(auth.signInWithPassword).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'nope' })
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Wrong e-mail or password', variant: 'destructive', action: undefined }))
  })

  it('offers to resend the confirmation mail to an unconfirmed address', async () => {
    auth.signInWithPassword.mockResolvedValue({ data: {}, error: new AuthApiError('Email not confirmed', 400, 'email_not_confirmed') })
    auth.resend.mockResolvedValue({ data: {}, error: null })
    expect(await signIn('ada@example.com', 'secret123')).toBe(false)
    const { action } = vi.mocked(notify).mock.calls[0]![0]
    expect(action).toMatchObject({ label: 'Resend e-mail' })
    ;(action as unknown as { onClick: () => void }).onClick()
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Confirmation e-mail sent', 'Check the inbox of ada@example.com.'))
    expect(auth.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'ada@example.com',
      options: { emailRedirectTo: `${window.location.origin}/login` },
    })
  })
})

describe('signUp', () => {
  it('sends the username as metadata and asks the link to return to /login', async () => {
    auth.signUp.mockResolvedValue({ data: { user: {}, session: null }, error: null })
    expect(await signUp({ username: ' Ada_L ', email: 'ada@example.com ', password: 'correct horse' })).toBe(true)
    expect(auth.signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct horse',
      options: { data: { username: 'ada_l' }, emailRedirectTo: `${window.location.origin}/login` },
    })
  })

  it('reports a failure to load the Auth client instead of throwing', async () => {
    vi.mocked(loadAuth).mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
    expect(await resendConfirmation('ada@example.com')).toBe(false)
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'An error occurred. Please try again later.' }))
  })
})
