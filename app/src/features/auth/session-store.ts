import type { Session } from '@supabase/supabase-js'
import { loadAuth } from '@/features/auth/auth-client'

// The signed-in state as the rest of the app sees it. It is a module-level store rather than a
// React context so any component can read it without a provider, and supabase-js loads only when
// the first reader subscribes. The later Accounts work (SPEC §3/§4 storage keys, refresh timer,
// profile upsert) hooks into the same onAuthStateChange subscription.
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
}

function fromSession(session: Session | null): SessionState {
  return session ? { status: 'signed-in', session } : { status: 'signed-out' }
}

export function getSessionState(): SessionState {
  return state
}

/** Starts listening to Auth once; INITIAL_SESSION arrives after supabase-js has read the URL and storage. */
export function startSessionStore(): Promise<void> {
  started ??= loadAuth().then(
    (auth) => {
      auth.onAuthStateChange((_event, session) => setState(fromSession(session)))
    },
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
  setState({ status: 'signed-out' })
}

/** Tests only: back to the state before the first subscriber. */
export function resetSessionStoreForTests(): void {
  state = { status: 'loading' }
  started = undefined
  listeners.clear()
}
