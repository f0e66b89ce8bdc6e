import { config } from '@/config'
import { secureStore } from '@/features/security/secure-store'

// SPEC §5: at 'maximum', /admin and /settings/security need the password confirmed within the last
// 5 minutes. The confirmation is kept in the secure store with that lifetime, bound to the user.
export const CONFIRMATION_MAX_AGE_MS = 5 * 60 * 1000
export const CONFIRM_IDENTITY_MESSAGE = 'For security reasons, please confirm your identity'
const CONFIRMATION_NAME = 'identity-confirmed'

export async function isIdentityRecentlyConfirmed(userId: string): Promise<boolean> {
  const confirmation = await secureStore().getItem<{ userId: string }>(CONFIRMATION_NAME)
  return confirmation?.userId === userId
}

export class WrongPasswordError extends Error {
  constructor() {
    super('That password is not correct.')
  }
}

function authHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { apikey: config.supabaseAnonKey, 'Content-Type': 'application/json', ...extra }
}

/**
 * Checks the password with Auth's password grant, then signs that extra session out again: the
 * user's own session (and its second factor, if any) stays exactly as it was.
 */
export async function confirmIdentity(email: string, userId: string, password: string): Promise<void> {
  const response = await fetch('/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: authHeaders(),
    body: JSON.stringify({ email, password }),
  })
  if (response.status === 400) throw new WrongPasswordError()
  if (!response.ok) throw new Error(`Auth answered ${response.status}`)
  const { access_token: extraToken } = (await response.json()) as { access_token: string }
  void fetch('/auth/v1/logout?scope=local', { method: 'POST', headers: authHeaders({ Authorization: `Bearer ${extraToken}` }) }).catch(() => undefined)
  await secureStore().setItem(CONFIRMATION_NAME, { userId }, CONFIRMATION_MAX_AGE_MS)
}
