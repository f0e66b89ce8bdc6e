// The auth/passkeys room: passkeys on /account (add, rename, remove) and "Sign in with a passkey"
// (with the email field's passkey autofill) on /login. The only entry for other rooms and features.
export { PasskeySignIn } from '@/features/auth/passkeys/passkey-sign-in'
export { PasskeysSection } from '@/features/auth/passkeys/passkeys-section'
