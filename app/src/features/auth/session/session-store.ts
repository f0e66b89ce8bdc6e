import type { Session } from '@supabase/supabase-js'
import { loadAuth } from '@/features/auth/client'
import { forgetSignedOutUser, resetSessionLifecycleForTests, startSessionLifecycle } from '@/features/auth/session/session-lifecycle'
import { notifyAccessTokenChanged, setAccessTokenProvider } from '@/lib/api/access-token'

// The signed-in state as the rest of the app sees it. It is a module-level store rather than a
// React context so any component can read it without a provider, and supabase-js loads only when
// the first reader subscribes. The SPEC §4 lifecycle (storage keys, refresh timer, inactivity,
// profile) lives in session/session-lifecycle.ts; it reports here.
export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; session: Session }

let state: SessionState = { status: 'loading' }
const listeners = new Set<() => void>()
let started: Promise<void> | undefined

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

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener)
  void startSessionStore()
  return () => listeners.delete(listener)
}

/** For a sign-out that could not reach the server: supabase-js then emits no SIGNED_OUT event. */
export function markSignedOut(): void {
  forgetSignedOutUser()
  setState({ status: 'signed-out' })
}

/** Tests only: back to the state before the first subscriber. */
export function resetSessionStoreForTests(): void {
  state = { status: 'loading' }
  started = undefined
  listeners.clear()
  resetSessionLifecycleForTests()
}
