import type { Session } from '@supabase/supabase-js'
import { tokenAssuranceLevel, tokenMethods } from '@/lib/token-claims'

// Whether a session still owes its second factor: the user has a verified factor and the access
// token is only aal1. supabase-js's getAuthenticatorAssuranceLevel() answers the same from the same
// data, but asynchronously; route guards need it while rendering. A passkey sign-in owes nothing:
// it was two factors at once (docs/security.md, "Passkeys"), and the server's rule
// (public.mfa_satisfied()) reads the same `passkey` method from the token.

export function needsSecondFactor(session: Session): boolean {
  const verified = session.user.factors?.some((factor) => factor.status === 'verified') ?? false
  if (!verified) return false
  return tokenAssuranceLevel(session.access_token) !== 'aal2' && !tokenMethods(session.access_token).includes('passkey')
}
