import type { Session } from '@supabase/supabase-js'

// Whether a session still owes its second factor: the user has a verified factor and the access
// token is only aal1. supabase-js's getAuthenticatorAssuranceLevel() answers the same from the same
// data, but asynchronously; route guards need it while rendering.

/** The access token's aal claim (its payload is not secret; Auth and the BFF verify signatures). */
export function tokenAssuranceLevel(accessToken: string): string | undefined {
  const payload = accessToken.split('.')[1]
  if (!payload) return undefined
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='))
    const aal: unknown = (JSON.parse(json) as { aal?: unknown }).aal
    return typeof aal === 'string' ? aal : undefined
  } catch {
    return undefined
  }
}

export function needsSecondFactor(session: Session): boolean {
  const verified = session.user.factors?.some((factor) => factor.status === 'verified') ?? false
  return verified && tokenAssuranceLevel(session.access_token) !== 'aal2'
}
