import { useSyncExternalStore } from 'react'
import type { Profile } from '@/features/auth/session/api/get-me'

// The one source of how the signed-in user is shown (the profile row, SPEC §3), not the sign-up
// metadata: every GET /api/me answer (sign-in, window focus, Realtime on user_roles) and every saved
// profile lands here, so the dashboard and the account menu follow a change without a reload.
let profile: Profile | null = null
const listeners = new Set<() => void>()

export function setProfile(next: Profile | null): void {
  profile = next
  for (const listener of listeners) listener()
}

export function getProfile(): Profile | null {
  return profile
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useProfile(): Profile | null {
  return useSyncExternalStore(subscribe, getProfile, getProfile)
}
