import { useSyncExternalStore } from 'react'
import { getSessionState, subscribeToSession, type SessionState } from '@/features/auth/session/session-store'

/** The current session, or 'loading' until supabase-js has restored it (or exchanged a link's code). */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeToSession, getSessionState, getSessionState)
}
