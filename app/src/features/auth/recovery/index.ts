// The auth/recovery room: "Forgot password?" (the mailed link) and choosing the new password.
// The only entry for other rooms and features.
export { ForgotPasswordForm } from '@/features/auth/recovery/forgot-password-form'
export { NewPasswordForm } from '@/features/auth/recovery/new-password-form'
