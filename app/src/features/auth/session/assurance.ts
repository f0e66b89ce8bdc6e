import type { Session } from '@supabase/supabase-js'
import { tokenAssuranceLevel } from '@/lib/token-claims'

// Whether a session still owes its second factor: the user has a verified factor and the access
// token is only aal1. supabase-js's getAuthenticatorAssuranceLevel() answers the same from the same
// data, but asynchronously; route guards need it while rendering.

export function needsSecondFactor(session: Session): boolean {
  const verified = session.user.factors?.some((factor) => factor.status === 'verified') ?? false
  return verified && tokenAssuranceLevel(session.access_token) !== 'aal2'
}
