import { AuthApiError } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuth } from '@/features/auth/client'
import { signIn, signUp } from '@/features/auth/sign-in/sign-in-actions'
import { notify } from '@/lib/notify'
import { recordNotices } from '@/testing/record-notices'
import { stubAuthClient } from '@/testing/stub-auth-client'

const auth = {
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
  resend: vi.fn(),
  signOut: vi.fn(),
}

beforeEach(() => {
  stubAuthClient()
  recordNotices()
  vi.clearAllMocks()
  vi.mocked(loadAuth).mockResolvedValue(auth as never)
  for (const fn of Object.values(auth)) fn.mockReset()
})

describe('signIn', () => {
  it('reports wrong credentials and returns false', async () => {
    auth.signInWithPassword.mockResolvedValue({ data: {}, error: new AuthApiError('Invalid login credentials', 400, 'invalid_credentials') })
    expect(await signIn(' ada@example.com ', 'nope')).toBe(false)
    expect(auth.signInWithPassword).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'nope' })
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Wrong email or password', variant: 'destructive', action: undefined }))
  })

  it('offers to resend the confirmation mail to an unconfirmed address', async () => {
    auth.signInWithPassword.mockResolvedValue({ data: {}, error: new AuthApiError('Email not confirmed', 400, 'email_not_confirmed') })
    auth.resend.mockResolvedValue({ data: {}, error: null })
    expect(await signIn('ada@example.com', 'secret123')).toBe(false)
    const { action } = vi.mocked(notify).mock.calls[0]![0]
    expect(action).toMatchObject({ label: 'Resend email' })
    ;(action as unknown as { onClick: () => void }).onClick()
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Confirmation email sent', 'Check the inbox of ada@example.com.'))
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
})
