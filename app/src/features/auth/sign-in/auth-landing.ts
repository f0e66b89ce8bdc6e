import { loadAuth, notifyAuthError } from '@/features/auth/client'
import { notify } from '@/lib/notify'

// The confirmation mail's link goes through Auth's /verify, which confirms the address and sends
// the browser to /login with ?code= (PKCE) or with #error=… . supabase-js (detectSessionInUrl)
// exchanges the code by itself when this browser holds the code verifier from sign-up; this module
// tells the user what happened. One exception: Auth's /resend sends links of the implicit flow
// (upstream: "PKCE not implemented yet"), which return with #access_token=…&refresh_token=…, and a
// PKCE client refuses those ("Not a valid PKCE flow url"), so that session is taken over here.

export type LandingOutcome = 'none' | 'signed-in' | 'confirmed' | 'failed'

/** What the link was for, from the marker its redirect carries (?reset=1, ?link=1, ?change=email). */
type LinkPurpose = 'confirmation' | 'recovery' | 'magic-link' | 'email-change'

function purposeOf(search: string): LinkPurpose {
  const query = new URLSearchParams(search)
  if (query.get('reset') === '1') return 'recovery'
  if (query.get('link') === '1') return 'magic-link'
  return query.get('change') === 'email' ? 'email-change' : 'confirmation'
}

/**
 * The last email change link: Auth has changed the address, but supabase-js cannot exchange the
 * code (updateUser's own session save drops the PKCE verifier), so the signed-in session still
 * names the old address until it is refreshed.
 */
async function reportEmailChange(auth: Awaited<ReturnType<typeof loadAuth>>, signedIn: boolean): Promise<LandingOutcome> {
  if (!signedIn) {
    notify.success('Your email address is changed', 'Sign in with your new address.')
    return 'confirmed'
  }
  const { data, error } = await auth.refreshSession()
  if (error) {
    notifyAuthError(error)
    return 'failed'
  }
  notify.success('Your email address is changed', `You now sign in with ${data.session?.user.email ?? 'the new address'}.`)
  return 'signed-in'
}

/**
 * The first of the two email change links returns with Auth's note ("…confirm link sent to the
 * other email") as ?message= / #message=. Only our own words are shown for it: the address bar's
 * text is anyone's to write, and must not become a notice in the app's voice.
 */
function isEmailChangeStep(location: { search: string; hash: string }): boolean {
  const query = new URLSearchParams(location.search)
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''))
  return query.get('change') === 'email' && (query.has('message') || fragment.has('message')) && !query.has('code') && !query.has('error')
}

/** Whether the address looks like a return from an Auth link. */
export function isAuthLanding(location: { search: string; hash: string }): boolean {
  const query = new URLSearchParams(location.search)
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''))
  return (
    query.has('code') ||
    fragment.has('access_token') ||
    fragment.has('error') ||
    fragment.has('error_code') ||
    query.has('error') ||
    isEmailChangeStep(location)
  )
}

/** The session an implicit-flow link carries in its fragment, if any. */
export function implicitSession(hash: string): { access_token: string; refresh_token: string } | undefined {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  const accessToken = fragment.get('access_token')
  const refreshToken = fragment.get('refresh_token')
  return accessToken && refreshToken && !fragment.has('error') ? { access_token: accessToken, refresh_token: refreshToken } : undefined
}

let landing: Promise<LandingOutcome> | undefined

/**
 * Reports the outcome once per page load (supabase-js reads the URL only when it starts); later
 * callers, e.g. a remounted page, get the same outcome without a second notice.
 */
export function finishAuthLanding(location: { search: string; hash: string }): Promise<LandingOutcome> {
  if (!isAuthLanding(location)) return Promise.resolve('none')
  if (isEmailChangeStep(location)) {
    landing ??= Promise.resolve(reportEmailChangeStep())
    return landing
  }
  landing ??= reportLanding(location.hash, purposeOf(location.search))
  return landing
}

function reportEmailChangeStep(): LandingOutcome {
  // The address itself changes only once the other mail's link is followed too.
  notify.info('One more link to go', 'Open the link we sent to your other address to finish changing your email.')
  return 'confirmed'
}

async function reportLanding(hash: string, purpose: LinkPurpose): Promise<LandingOutcome> {
  try {
    const auth = await loadAuth()
    const { error } = await auth.initialize()
    const tokens = implicitSession(hash)
    // setSession checks the access token with Auth (GET /user) before storing anything.
    const { error: failed } = error && tokens ? await auth.setSession(tokens) : { error }
    if (failed) {
      notifyAuthError(failed)
      return 'failed'
    }
    const { data } = await auth.getSession()
    if (purpose === 'email-change') return await reportEmailChange(auth, Boolean(data.session))
    if (data.session && purpose === 'recovery') {
      notify.info('Choose a new password')
      return 'signed-in'
    }
    if (data.session && purpose === 'magic-link') {
      notify.success('You’re signed in')
      return 'signed-in'
    }
    if (data.session) {
      notify.success('You’re signed in', 'Your email address is confirmed.')
      return 'signed-in'
    }
    if (purpose === 'magic-link') {
      notify.info('Open the link in the browser you asked for it in', 'Or sign in with your password.')
      return 'confirmed'
    }
    // /verify confirmed the address, but the code can only be exchanged in the browser that signed up.
    notify.info('Your email address is confirmed', 'Sign in with your password to continue.')
    return 'confirmed'
  } catch (error) {
    notifyAuthError(error)
    return 'failed'
  }
}
