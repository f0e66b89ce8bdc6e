import { notifyAuthError } from '@/features/auth/client'
import { notify } from '@/lib/notify'

// What went wrong with a passkey, in plain words: the browser's ceremony (supabase-js wraps its
// DOMException in a WebAuthnError: name NotAllowedError when the prompt was closed or timed out)
// or Auth's answer. Every sign-in message leaves the password form in reach, and says so.

export type PasskeyStep = 'sign-in' | 'add' | 'manage'

const PASSWORD_STILL_WORKS = 'You can still sign in with your email and password.'

interface ErrorShape {
  name?: unknown
  code?: unknown
  message?: unknown
}

const AUTH_WORDS: Record<string, Partial<Record<PasskeyStep, string>> & { any?: string }> = {
  webauthn_verification_failed: {
    'sign-in': `This passkey isn’t linked to an account here (it may have been removed). ${PASSWORD_STILL_WORKS}`,
    add: 'Your device’s passkey could not be checked. Try adding it again.',
  },
  webauthn_challenge_expired: { any: 'That took too long. Try the passkey again.' },
  webauthn_challenge_not_found: { any: 'That took too long. Try the passkey again.' },
  passkey_disabled: { any: 'Passkeys are turned off on this site.' },
  too_many_passkeys: { any: 'This account has as many passkeys as it may hold. Remove one to add another.' },
  webauthn_credential_exists: { any: 'This passkey is already on your account.' },
  insufficient_aal: { any: 'Enter the code from your authenticator app first: this account uses two-step verification.' },
}

/** The notice for a failed passkey step, or null when there is nothing to say (the app cancelled it). */
export function passkeyErrorMessage(error: unknown, step: PasskeyStep): string | null | undefined {
  const shape: ErrorShape = typeof error === 'object' && error !== null ? (error) : {}
  if (shape.code === 'ERROR_CEREMONY_ABORTED' || shape.name === 'AbortError') return null
  if (shape.name === 'NotAllowedError') {
    return step === 'sign-in'
      ? `The passkey prompt was closed before it finished. ${PASSWORD_STILL_WORKS}`
      : 'The passkey prompt was closed before it finished. Nothing changed.'
  }
  if (shape.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'This device already holds a passkey for your account.'
  if (shape.message === 'Browser does not support WebAuthn') {
    return step === 'sign-in' ? `This browser can’t use passkeys. ${PASSWORD_STILL_WORKS}` : 'This browser can’t use passkeys.'
  }
  const words = typeof shape.code === 'string' ? AUTH_WORDS[shape.code] : undefined
  return words?.[step] ?? words?.any
}

/** Shows the failure as a toast (Auth's other errors in their usual words). */
export function notifyPasskeyError(error: unknown, step: PasskeyStep): void {
  const message = passkeyErrorMessage(error, step)
  if (message === null) return
  if (message === undefined) return notifyAuthError(error)
  notify({ title: message, variant: 'destructive' })
}
