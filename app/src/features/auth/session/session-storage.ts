import type { Session, User } from '@supabase/supabase-js'
import { notify } from '@/lib/notify'
import { readStorage, removeStorage, writeStorage } from '@/lib/storage'

// SPEC §3 "Session" browser-storage keys, kept beside supabase-js's own storage so the rest of the
// product (and older builds) can tell whether someone is signed in without loading supabase-js.
export const SESSION_KEYS = {
  token: 'auth_token',
  user: 'user_data',
  refreshToken: 'refresh_token',
  expiry: 'session_expiry',
} as const

/**
 * Keys of earlier builds, removed whenever a session is cleared (SPEC §3). 'sb-cdn-auth-token' is
 * our name for the "secure CDN auth token" the SPEC mentions without naming it.
 */
export const LEGACY_SESSION_KEYS = ['user', 'token', 'sb-cdn-auth-token'] as const

export const SESSION_DATA_ERROR = 'Session data error'

/** Saving stores the token and the user object, plus the expiry and refresh value (SPEC §4). */
export function saveSession(session: Session): void {
  writeStorage(SESSION_KEYS.token, session.access_token)
  writeStorage(SESSION_KEYS.user, session.user)
  saveTokens(session)
}

/** On sign-in and token refresh: the values that change with every refresh. */
export function saveTokens(session: Pick<Session, 'access_token' | 'refresh_token' | 'expires_at' | 'expires_in'>): void {
  writeStorage(SESSION_KEYS.token, session.access_token)
  writeStorage(SESSION_KEYS.refreshToken, session.refresh_token)
  writeStorage(SESSION_KEYS.expiry, expiryMs(session))
}

/** Expiry as epoch milliseconds; supabase-js gives expires_at in seconds (or only expires_in). */
export function expiryMs(session: Pick<Session, 'expires_at' | 'expires_in'>, now = Date.now()): number {
  return session.expires_at !== undefined ? session.expires_at * 1000 : now + session.expires_in * 1000
}

/** Removes token, user data, expiry, refresh value and the legacy keys (SPEC §4 clearing). */
export function clearStoredSession(): void {
  for (const key of [...Object.values(SESSION_KEYS), ...LEGACY_SESSION_KEYS]) removeStorage(key)
}

export type StoredSession =
  | { status: 'valid'; user: User | null; expiresAt: number }
  | { status: 'none' }
  | { status: 'expired' }
  | { status: 'unparseable-expiry' }
  | { status: 'unparseable-user' }

function rawItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function parseExpiry(raw: string): number | undefined {
  try {
    const value: unknown = JSON.parse(raw)
    const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN
    return Number.isFinite(ms) ? ms : undefined
  } catch {
    return undefined
  }
}

function parseUser(raw: string): User | undefined {
  try {
    const value: unknown = JSON.parse(raw)
    return value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as User) : undefined
  } catch {
    return undefined
  }
}

/**
 * SPEC §4 validity, without telling anyone: valid only when a token and an expiry are stored and now
 * is before the expiry. Read synchronously at start-up, so the first page paints with the session.
 */
export function inspectStoredSession(now = Date.now()): StoredSession {
  const rawUser = rawItem(SESSION_KEYS.user)
  const user = rawUser === null ? null : parseUser(rawUser)
  if (user === undefined) return { status: 'unparseable-user' }
  const token = readStorage<string | null>(SESSION_KEYS.token, null)
  const rawExpiry = rawItem(SESSION_KEYS.expiry)
  if (!token || rawExpiry === null) return { status: 'none' }
  const expiresAt = parseExpiry(rawExpiry)
  if (expiresAt === undefined) return { status: 'unparseable-expiry' }
  return now < expiresAt ? { status: 'valid', user, expiresAt } : { status: 'expired' }
}

/**
 * The same as the session starts: an unparseable expiry is "not logged in" (logged to the console);
 * unparseable user data is "no session" with the 'Session data error' toast.
 */
export function readStoredSession(now = Date.now()): StoredSession {
  const stored = inspectStoredSession(now)
  if (stored.status === 'unparseable-user') notify.error(SESSION_DATA_ERROR)
  if (stored.status === 'unparseable-expiry') {
    console.log(`[auth] Unreadable session expiry "${rawItem(SESSION_KEYS.expiry)}": treating the visitor as signed out.`)
  }
  return stored
}

/** The stored token and refresh value, read as the session store's first state. */
export function storedTokens(): { accessToken: string | null; refreshToken: string | null } {
  return {
    accessToken: readStorage<string | null>(SESSION_KEYS.token, null),
    refreshToken: readStorage<string | null>(SESSION_KEYS.refreshToken, null),
  }
}
