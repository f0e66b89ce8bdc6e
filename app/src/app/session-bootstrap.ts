import { SESSION_KEYS, startSessionStore } from '@/features/auth/session'
import { setAdminStatus } from '@/lib/admin-status'

/**
 * A visitor who signed in earlier gets their session started at once, so every page's BFF calls
 * (e.g. the URL shortener's own links) carry their access token; anonymous visitors load no Auth
 * code until they open the sign-in page or the account menu.
 */
export function startStoredSession(): void {
  let stored: string | null = null
  try {
    stored = window.localStorage.getItem(SESSION_KEYS.token)
  } catch {
    return
  }
  if (stored !== null) void startSessionStore() // supabase-js itself still loads on demand
  else setAdminStatus('not-admin') // nobody signed in: no need to ask the server
}
