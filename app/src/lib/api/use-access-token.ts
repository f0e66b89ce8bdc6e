import { useSyncExternalStore } from 'react'
import { getAccessToken, subscribeAccessToken } from '@/lib/api/access-token'

/** The current access token (null when signed out); re-renders when the session changes. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeAccessToken, getAccessToken, () => null)
}
