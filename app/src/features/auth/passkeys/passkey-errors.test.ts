import { describe, expect, it } from 'vitest'
import { passkeyErrorMessage } from '@/features/auth/passkeys/passkey-errors'

// supabase-js's shapes: a WebAuthnError (name from the browser's DOMException, code) or an AuthApiError.
const browser = (name: string, code = 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') => ({ __isWebAuthnError: true, name, code, message: 'x' })
const auth = (code: string, status = 400) => ({ name: 'AuthApiError', code, status, message: 'Credential verification failed' })

describe('passkey errors in plain words', () => {
  it('a closed or timed-out browser prompt keeps the password in reach on sign-in', () => {
    expect(passkeyErrorMessage(browser('NotAllowedError'), 'sign-in')).toMatch(/closed before it finished.*email and password/)
    expect(passkeyErrorMessage(browser('NotAllowedError'), 'add')).toBe('The passkey prompt was closed before it finished. Nothing changed.')
  })

  it('a ceremony the app itself cancelled says nothing', () => {
    expect(passkeyErrorMessage(browser('AbortError', 'ERROR_CEREMONY_ABORTED'), 'sign-in')).toBeNull()
  })

  it('an unknown credential, a used or expired challenge and a second registration are told apart', () => {
    expect(passkeyErrorMessage(auth('webauthn_verification_failed'), 'sign-in')).toMatch(/isn’t linked to an account here.*password/)
    expect(passkeyErrorMessage(auth('webauthn_verification_failed'), 'add')).toMatch(/could not be checked/)
    expect(passkeyErrorMessage(auth('webauthn_challenge_expired'), 'sign-in')).toBe('That took too long. Try the passkey again.')
    expect(passkeyErrorMessage(auth('webauthn_challenge_not_found'), 'sign-in')).toBe('That took too long. Try the passkey again.')
    expect(passkeyErrorMessage(browser('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'), 'add')).toMatch(/already holds/)
    expect(passkeyErrorMessage(auth('insufficient_aal', 403), 'add')).toMatch(/authenticator app first/)
  })

  it('leaves every other Auth error to the usual words', () => {
    expect(passkeyErrorMessage(auth('user_banned', 403), 'sign-in')).toBeUndefined()
  })
})
