// The auth/credentials room: what people type to sign up and in — email, username and password
// rules, and the password fields. The only entry for other rooms and features.
export { emailError, hasErrors, normaliseUsername, validateSignIn, validateSignUp, type FieldErrors, type SignUpInput } from '@/features/auth/credentials/credentials'
export { NewPasswordField } from '@/features/auth/credentials/new-password-field'
export { PasswordField } from '@/features/auth/credentials/password-field'
export { PASSWORD_POLICY, passwordError } from '@/features/auth/credentials/password-policy'
