import { getAccessToken } from '@/lib/api/access-token'
import { tokenClaims } from '@/lib/token-claims'

/**
 * The signed-in user's id and e-mail as the access token names them. For display and for asking
 * Auth to check a password only: the server verifies the token itself on every call.
 */
export function tokenUser(token = getAccessToken()): { id: string; email: string } | null {
  const claims = token ? tokenClaims(token) : null
  return typeof claims?.sub === 'string' && claims.sub && typeof claims.email === 'string' && claims.email
    ? { id: claims.sub, email: claims.email }
    : null
}
