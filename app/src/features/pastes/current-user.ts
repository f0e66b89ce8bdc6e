import { useAccessToken } from '@/lib/api/use-access-token'

/**
 * Who is signed in, read from the access token's `sub` — only to decide which buttons to offer.
 * The BFF verifies the token and Postgres RLS decides what may really happen.
 */
export function userIdFromToken(token: string | null): string | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/'))
    const sub: unknown = (JSON.parse(json) as { sub?: unknown }).sub
    return typeof sub === 'string' ? sub : null
  } catch {
    return null
  }
}

export function useCurrentUserId(): string | null {
  return userIdFromToken(useAccessToken())
}
