// Form rules checked before anything is sent. The server stays the authority: its weak_password
// and validation messages are shown as they come (see auth-errors.ts).

import { PASSWORD_POLICY, passwordError, type PasswordPolicy } from '@/features/auth/credentials/password-policy'

/** The profile's nickname rule (lower case, a-z 0-9 _, 3–32), which the username becomes. */
export const USERNAME_PATTERN = /^[a-z0-9_]{3,32}$/

export interface SignUpInput {
  username: string
  email: string
  password: string
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>

// Deliberately loose: a@b.c shapes only; the server has the real format check.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase()
}

export function emailError(email: string): string | undefined {
  if (!email.trim()) return 'Enter your email address'
  if (!EMAIL_SHAPE.test(email.trim())) return 'Enter an email address like name@example.com'
  return undefined
}

export function validateSignIn(input: { email: string; password: string }): FieldErrors<typeof input> {
  const errors: FieldErrors<typeof input> = {}
  const email = emailError(input.email)
  if (email) errors.email = email
  if (!input.password) errors.password = 'Enter your password'
  return errors
}

export function validateSignUp(input: SignUpInput, policy: PasswordPolicy = PASSWORD_POLICY): FieldErrors<SignUpInput> {
  const errors: FieldErrors<SignUpInput> = {}
  const username = normaliseUsername(input.username)
  if (!username) errors.username = 'Choose a username'
  else if (!USERNAME_PATTERN.test(username)) errors.username = 'Use 3–32 letters, digits or underscores'
  const email = emailError(input.email)
  if (email) errors.email = email
  const password = passwordError(policy, input.password)
  if (password) errors.password = password
  return errors
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0
}
