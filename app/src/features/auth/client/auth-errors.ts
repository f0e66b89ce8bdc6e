// Auth's error codes in plain words. supabase-js's error classes are matched by shape, not with
// instanceof, so this module (and the pages using it) need not load supabase-js.

/** SPEC §8's generic error notice. */
export const GENERIC_ERROR_MESSAGE = 'An error occurred. Please try again later.'
export const NETWORK_ERROR_MESSAGE = 'Can’t reach the server. Check your connection and try again.'

export interface AuthErrorNotice {
  title: string
  /** The notice offers to send the sign-up confirmation mail again. */
  offerResend?: boolean
}

interface AuthErrorShape {
  name?: unknown
  message?: unknown
  code?: unknown
  status?: unknown
  /** AuthImplicitGrantRedirectError keeps the code of an error redirect (e.g. otp_expired) here. */
  details?: unknown
}

const PLAIN_WORDS: Record<string, AuthErrorNotice> = {
  invalid_credentials: { title: 'Wrong email or password' },
  email_not_confirmed: { title: 'Please confirm your email first', offerResend: true },
  user_already_exists: { title: 'An account with this email already exists. Sign in instead.' },
  email_exists: { title: 'An account with this email already exists. Sign in instead.' },
  signup_disabled: { title: 'New accounts can’t be created right now.' },
  email_provider_disabled: { title: 'Signing in with email is turned off right now.' },
  user_banned: { title: 'This account is suspended.' },
  flow_state_not_found: { title: 'This link has expired or was already used. Please sign in.' },
  flow_state_expired: { title: 'This link has expired or was already used. Please sign in.' },
  bad_code_verifier: { title: 'Open the link in the browser you signed up with, or sign in.' },
  otp_expired: { title: 'This link has expired or was already used. Please sign in.' },
  // signInWithOtp({ shouldCreateUser: false }) for an address without an account.
  otp_disabled: { title: 'No account uses this email yet. Create one first.' },
  reauthentication_not_valid: { title: 'That code is wrong or has expired. Ask for a new one.' },
  same_password: { title: 'Choose a password different from your current one.' },
  // Auth says "Invalid TOTP code entered": the user needs to know what to do about it.
  mfa_verification_failed: { title: 'That code didn’t match. Enter the newest code your authenticator app shows: codes change every 30 seconds.' },
  mfa_challenge_expired: { title: 'That took too long. Enter the newest code from your authenticator app.' },
  mfa_factor_not_found: { title: 'This authenticator setup was cancelled or replaced. Start the setup again.' },
}

// The server's own sentence is the most useful one here (which rule failed, which field).
const SERVER_WORDS = new Set([
  'weak_password',
  'email_address_invalid',
  'validation_failed',
])

function shapeOf(error: unknown): AuthErrorShape {
  return typeof error === 'object' && error !== null ? (error) : {}
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}

/** Whether the request never got an answer from Auth (offline, DNS, gateway down). */
function isUnreachable(shape: AuthErrorShape): boolean {
  if (shape.name === 'AuthRetryableFetchError') return true
  return typeof shape.status === 'number' && shape.status >= 502 && shape.status <= 504
}

/** Rate limits with the wait when Auth names it ("…you can only request this after 42 seconds."). */
function rateLimitNotice(code: string | undefined, message: string | undefined): AuthErrorNotice | undefined {
  if (code === 'over_email_send_rate_limit') {
    const seconds = message?.match(/after (\d+) seconds?/)?.[1]
    if (seconds === undefined) return { title: 'Too many emails were sent. Please try again later.' }
    const wait = Math.max(Number(seconds), 1)
    return { title: `Please wait ${wait} ${wait === 1 ? 'second' : 'seconds'} before asking for another email.` }
  }
  // Auth's request limiter refills its bucket steadily but says nothing about when.
  if (code === 'over_request_rate_limit') return { title: 'Too many attempts. Please wait a minute and try again.' }
  return undefined
}

/** What to tell the user about a failed Auth call (supabase-js AuthError or anything thrown). */
export function describeAuthError(error: unknown): AuthErrorNotice {
  const shape = shapeOf(error)
  const code = text(shape.code) ?? text(shapeOf(shape.details).code)
  if (isUnreachable(shape)) return { title: NETWORK_ERROR_MESSAGE }
  if (code && PLAIN_WORDS[code]) return PLAIN_WORDS[code]
  const message = text(shape.message)
  const limited = rateLimitNotice(code, message)
  if (limited) return limited
  if (code && SERVER_WORDS.has(code) && message) return { title: message }
  // Other 4xx answers carry a readable sentence; 5xx and unknown failures get the generic notice.
  const status = typeof shape.status === 'number' ? shape.status : undefined
  if (shape.name === 'AuthApiError' && status !== undefined && status < 500 && message) return { title: message }
  return { title: GENERIC_ERROR_MESSAGE }
}
