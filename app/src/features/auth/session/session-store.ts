import type { Session } from '@supabase/supabase-js'
import { loadAuth } from '@/features/auth/client'
import { checkAdminStatus } from '@/features/auth/session/admin-check'
import { needsSecondFactor } from '@/features/auth/session/assurance'
import { forgetSignedOutUser, resetSessionLifecycleForTests, startSessionLifecycle } from '@/features/auth/session/session-lifecycle'
import { inspectStoredSession, storedTokens } from '@/features/auth/session/session-storage'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { whenVisitorActs } from '@/lib/when-visitor-acts'
import { notifyAccessTokenChanged, setAccessTokenProvider } from '@/lib/api/access-token'
import { authStorageKey } from '@/lib/auth-storage-key'

// The signed-in state as the rest of the app sees it. It is a module-level store rather than a
// React context so any component can read it without a provider. Its first state is read
// synchronously from the SPEC §3 keys, so the first page paints without waiting for supabase-js;
// the SPEC §4 lifecycle (session start with its retries, refresh timer, inactivity, profile) lives
// in session/session-lifecycle.ts, starts after that paint and reports here.
export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; session: Session }

/** Whether supabase-js holds a session of its own (its key, read without loading it). */
function supabaseHoldsSession(): boolean {
  try {
    return window.localStorage.getItem(authStorageKey()) !== null
  } catch {
    return false
  }
}

/**
 * The state before supabase-js has loaded: signed in with the stored session while it is valid,
 * signed out when nothing at all is stored, and 'loading' (session start decides, with its retries)
 * for anything else: an expired session to refresh, unreadable keys, a session only supabase-js holds.
 */
export function firstSessionState(now = Date.now()): SessionState {
  const stored = inspectStoredSession(now)
  const { accessToken, refreshToken } = storedTokens()
  if (stored.status === 'valid' && stored.user && accessToken) {
    const session: Session = {
      access_token: accessToken,
      refresh_token: refreshToken ?? '',
      expires_at: Math.floor(stored.expiresAt / 1000),
      expires_in: Math.max(0, Math.round((stored.expiresAt - now) / 1000)),
      token_type: 'bearer',
      user: stored.user,
    }
    return { status: 'signed-in', session }
  }
  if (stored.status === 'none' && !supabaseHoldsSession()) return { status: 'signed-out' }
  return { status: 'loading' }
}

let state: SessionState = firstSessionState()
const listeners = new Set<() => void>()
let started: Promise<void> | undefined
let stopFollowingAuth: (() => void) | undefined

function setState(next: SessionState): void {
  state = next
  for (const listener of listeners) listener()
  notifyAccessTokenChanged()  // the BFF client sends the current access token
}

function currentAccessToken(): string | null {
  return state.status === 'signed-in' ? state.session.access_token : null
}

function fromSession(session: Session | null): SessionState {
  return session ? { status: 'signed-in', session } : { status: 'signed-out' }
}

export function getSessionState(): SessionState {
  return state
}

/** Starts the session once: 'loading' until it is read (with retries), then follows Auth's events. */
export function startSessionStore(): Promise<void> {
  setAccessTokenProvider(currentAccessToken)
  started ??= loadAuth().then(
    (auth) => startSessionLifecycle(auth, (session) => setState(fromSession(session))),
    (error: unknown) => {
      started = undefined
      console.warn('[auth] Could not load the Auth client.', error)
      setState({ status: 'signed-out' })
    },
  )
  return started
}

/**
 * At app start: the stored session answers every reader at once. supabase-js follows when the state
 * is unknown (at once: 'Loading...' waits for it) or signed in (after the first paint); a visitor
 * with no session loads it only when a page needs Auth. Returns the first state.
 */
export function startStoredSession(): SessionState['status'] {
  setAccessTokenProvider(currentAccessToken)
  if (state.status === 'loading') void startSessionStore()
  else if (state.status === 'signed-in') {
    // The stored token asks the server who this is at once (admin status, profile), so /admin and
    // the account menu do not wait for supabase-js; the lifecycle asks again when it starts.
    if (!needsSecondFactor(state.session)) void checkAdminStatus(state.session.access_token)
    afterFirstPaint(() => void startSessionStore())
  }
  return state.status
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener)
  if (state.status === 'loading') void startSessionStore()
  else followAuthLater()
  return () => listeners.delete(listener)
}

/**
 * A reader of the session may act on Auth's events (a sign-in here or in another tab, a sign-out):
 * when the stored state already answers, supabase-js (~50 KB gzip) follows them once it is wanted.
 */
function followAuthLater(): void {
  stopFollowingAuth ??= whenSessionWanted(() => void startSessionStore())
}

/**
 * Runs `start` once, when work that follows the session (supabase-js, Realtime) is wanted: for a
 * signed-in visitor (or one not yet known), after the first paint; for a signed-out one, at their first
 * act on the page (lib/when-visitor-acts) or their sign-in, whichever comes first, so a first visit loads
 * neither while the page loads. The sign-in counts because a visitor who signs in without acting (in
 * another tab) would otherwise start it at their sign-out's own click, with the token being revoked.
 * Returns a stop.
 */
export function whenSessionWanted(start: () => void): () => void {
  let waiting = true
  const stopTriggers: (() => void)[] = []
  const stop = () => {
    waiting = false
    stopTriggers.forEach((stopTrigger) => stopTrigger())
  }
  const once = () => {
    if (!waiting) return
    stop()
    start()
  }
  if (state.status !== 'signed-out') afterFirstPaint(once)
  else stopTriggers.push(whenVisitorActs(once), whenSignedIn(once))
  return stop
}

/** Runs `run` once, when the signed-out session signs in. Returns a stop. */
function whenSignedIn(run: () => void): () => void {
  const listener = () => {
    if (state.status !== 'signed-in') return
    listeners.delete(listener)
    run()
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** For a sign-out that could not reach the server: supabase-js then emits no SIGNED_OUT event. */
export function markSignedOut(): void {
  forgetSignedOutUser()
  setState({ status: 'signed-out' })
}

/** Tests only: back to the state before the first subscriber. */
export function resetSessionStoreForTests(): void {
  state = firstSessionState()
  started = undefined
  stopFollowingAuth?.()
  stopFollowingAuth = undefined
  listeners.clear()
  resetSessionLifecycleForTests()
}
