// The auth/mfa room: TOTP enrolment and removal on /account, and the code step of sign-in.
// The only entry for other rooms and features.
export { MfaSection } from '@/features/auth/mfa/mfa-section'
export { MfaSignInStep } from '@/features/auth/mfa/mfa-sign-in-step'
