import { AuthApiError, AuthImplicitGrantRedirectError, AuthPKCEGrantCodeExchangeError } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuth } from '@/features/auth/client'
import { implicitSession, isAuthLanding } from '@/features/auth/sign-in/auth-landing'
import { notify } from '@/lib/notify'
import { recordNotices } from '@/testing/record-notices'
import { stubAuthClient } from '@/testing/stub-auth-client'

const auth = { initialize: vi.fn(), setSession: vi.fn(), getSession: vi.fn(), refreshSession: vi.fn() }

// Each outcome needs a fresh module: the landing is handled once per page load. A new address gives a
// new instance of this module alone; the modules it imports stay the ones the spies are on.
let landings = 0
async function finish(location: { search: string; hash: string }) {
  landings += 1
  const fresh = `/src/features/auth/sign-in/auth-landing.ts?landing=${landings}`
  const { finishAuthLanding } = (await import(/* @vite-ignore */ fresh)) as typeof import('@/features/auth/sign-in/auth-landing')
  return finishAuthLanding(location)
}

const implicitHash = '#access_token=a.b.c&expires_at=1&expires_in=3600&refresh_token=abcdefghijkl&sb=&token_type=bearer&type=signup'

beforeEach(() => {
  stubAuthClient()
  recordNotices()
  vi.clearAllMocks()
  vi.mocked(loadAuth).mockResolvedValue(auth as never)
  auth.getSession.mockResolvedValue({ data: { session: null } })
})

describe('isAuthLanding / implicitSession', () => {
  it.each([
    [{ search: '?code=4511a2aa', hash: '' }, true],
    [{ search: '', hash: '#error=access_denied&error_code=otp_expired&sb=' }, true],
    [{ search: '', hash: implicitHash }, true],
    [{ search: '?t=1700000000000', hash: '' }, false],
    [{ search: '?tab=sign-up', hash: '#main' }, false],
    [{ search: '?change=email&message=Confirmation+link+accepted', hash: '#message=Confirmation+link+accepted&sb=' }, true],
    // Someone else's words in the address bar are no landing.
    [{ search: '?message=Your+account+is+locked', hash: '' }, false],
  ])('%j → %s', (location, expected) => {
    expect(isAuthLanding(location)).toBe(expected)
  })

  it('reads the tokens of an implicit-flow fragment, never of an error fragment', () => {
    expect(implicitSession(implicitHash)).toEqual({ access_token: 'a.b.c', refresh_token: 'abcdefghijkl' })
    expect(implicitSession('#error=access_denied&access_token=x&refresh_token=y')).toBeUndefined()
    expect(implicitSession('')).toBeUndefined()
  })
})

describe('finishAuthLanding', () => {
  it('signs in from a PKCE code that supabase-js exchanged', async () => {
    auth.initialize.mockResolvedValue({ error: null })
    auth.getSession.mockResolvedValue({ data: { session: { access_token: 'x' } } })
    expect(await finish({ search: '?code=abc', hash: '' })).toBe('signed-in')
    expect(notify.success).toHaveBeenCalledWith('You’re signed in', 'Your email address is confirmed.')
  })

  it('takes over the session of a resent (implicit-flow) link that the PKCE client refused', async () => {
    auth.initialize.mockResolvedValue({ error: new AuthPKCEGrantCodeExchangeError('Not a valid PKCE flow url.') })
    auth.setSession.mockResolvedValue({ data: {}, error: null })
    auth.getSession.mockResolvedValue({ data: { session: { access_token: 'a.b.c' } } })
    expect(await finish({ search: '', hash: implicitHash })).toBe('signed-in')
    expect(auth.setSession).toHaveBeenCalledWith({ access_token: 'a.b.c', refresh_token: 'abcdefghijkl' })
  })

  it('reports a refused implicit session', async () => {
    auth.initialize.mockResolvedValue({ error: new AuthPKCEGrantCodeExchangeError('Not a valid PKCE flow url.') })
    auth.setSession.mockResolvedValue({ data: {}, error: new AuthApiError('invalid JWT', 403, 'bad_jwt') })
    expect(await finish({ search: '', hash: implicitHash })).toBe('failed')
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'invalid JWT' }))
  })

  it('explains an expired link', async () => {
    const error = new AuthImplicitGrantRedirectError('Email link is invalid or has expired', { error: 'access_denied', code: 'otp_expired' })
    auth.initialize.mockResolvedValue({ error })
    expect(await finish({ search: '', hash: '#error=access_denied&error_code=otp_expired' })).toBe('failed')
    expect(auth.setSession).not.toHaveBeenCalled()
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'This link has expired or was already used. Please sign in.' }))
  })

  it('says the address is confirmed when the code belongs to another browser', async () => {
    auth.initialize.mockResolvedValue({ error: null })
    expect(await finish({ search: '?code=abc', hash: '' })).toBe('confirmed')
    expect(notify.info).toHaveBeenCalledWith('Your email address is confirmed', 'Sign in with your password to continue.')
  })

  it('a magic link signs in with its own notice, or points to the browser that asked for it', async () => {
    auth.initialize.mockResolvedValue({ error: null })
    auth.getSession.mockResolvedValue({ data: { session: { access_token: 'x' } } })
    expect(await finish({ search: '?link=1&code=abc', hash: '' })).toBe('signed-in')
    expect(notify.success).toHaveBeenCalledWith('You’re signed in')
    auth.getSession.mockResolvedValue({ data: { session: null } })
    expect(await finish({ search: '?link=1&code=abc', hash: '' })).toBe('confirmed')
    expect(notify.info).toHaveBeenCalledWith('Open the link in the browser you asked for it in', 'Or sign in with your password.')
  })

  it('after the first of the two email change links, says one more is needed, in its own words, without touching the session', async () => {
    const encoded = new URLSearchParams({ change: 'email', message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' }).toString()
    expect(await finish({ search: `?${encoded}`, hash: '#message=x&sb=' })).toBe('confirmed')
    expect(notify.info).toHaveBeenCalledWith('One more link to go', 'Open the link we sent to your other address to finish changing your email.')
    expect(auth.initialize).not.toHaveBeenCalled()
  })

  it('after the last email change link, refreshes the session so it names the new address', async () => {
    auth.initialize.mockResolvedValue({ error: null })
    auth.getSession.mockResolvedValue({ data: { session: { access_token: 'old', user: { email: 'old@example.com' } } } })
    auth.refreshSession.mockResolvedValue({ data: { session: { access_token: 'new', user: { email: 'new@example.com' } } }, error: null })
    expect(await finish({ search: '?change=email&code=abc', hash: '' })).toBe('signed-in')
    expect(auth.refreshSession).toHaveBeenCalledTimes(1)
    expect(notify.success).toHaveBeenCalledWith('Your email address is changed', 'You now sign in with new@example.com.')

    auth.getSession.mockResolvedValue({ data: { session: null } })
    expect(await finish({ search: '?change=email&code=abc', hash: '' })).toBe('confirmed')
    expect(notify.success).toHaveBeenLastCalledWith('Your email address is changed', 'Sign in with your new address.')
  })
})
