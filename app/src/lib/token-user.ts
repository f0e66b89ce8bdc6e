import { getAccessToken } from '@/lib/api/access-token'

interface TokenClaims {
  sub?: string
  email?: string
}

/**
 * The signed-in user's id and email as the access token names them. For display and for asking
 * Auth to check a password only: the server verifies the token itself on every call.
 */
export function tokenUser(token = getAccessToken()): { id: string; email: string } | null {
  if (!token) return null
  try {
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')
    const claims = JSON.parse(atob(payload)) as TokenClaims
    return claims.sub && claims.email ? { id: claims.sub, email: claims.email } : null
  } catch {
    return null
  }
}
