import type { Session } from '@supabase/supabase-js'
import { loadAuth } from '@/features/auth/client'
import { requestOptions } from '@/features/auth/passkeys/passkey-availability'

// Conditional UI: a passkey request that waits quietly until the user picks a passkey from the
// email field's autofill (autocomplete="username webauthn"). supabase-js's signInWithPasskey asks
// with a modal prompt, so this uses its two lower-level steps around navigator.credentials.get().
// It is passive: until the user has picked a passkey nothing is worth a notice (no options, no
// passkey on this device, the request ended), so only Auth's verdict on a picked one is reported.

export type AutofillOutcome = { session: Session } | { error: unknown } | { quiet: true }

export async function passkeyAutofill(signal: AbortSignal): Promise<AutofillOutcome> {
  const auth = await loadAuth()
  const { data: options, error } = await auth.passkey.startAuthentication()
  if (error || !options) return { quiet: true }
  let credential: Credential | null
  try {
    credential = await navigator.credentials.get({ publicKey: requestOptions(options.options), mediation: 'conditional', signal })
  } catch {
    return { quiet: true }
  }
  if (!credential) return { quiet: true }
  const serialized = (credential as unknown as { toJSON(): unknown }).toJSON()
  const verified = await auth.passkey.verifyAuthentication({
    challengeId: options.challenge_id,
    credential: serialized as Parameters<typeof auth.passkey.verifyAuthentication>[0]['credential'],
  })
  if (verified.error || !verified.data.session) return { error: verified.error }
  return { session: verified.data.session }
}
