import { AuthApiError, AuthImplicitGrantRedirectError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { describeAuthError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '@/features/auth/client/auth-errors'

// Real supabase-js error objects, as Auth's answers arrive in the app.
const apiError = (status: number, code: string, message: string) => new AuthApiError(message, status, code)

describe('describeAuthError', () => {
  it('names wrong credentials plainly', () => {
    expect(describeAuthError(apiError(400, 'invalid_credentials', 'Invalid login credentials'))).toEqual({ title: 'Wrong email or password' })
  })

  it('asks for the confirmation first and offers to resend it', () => {
    expect(describeAuthError(apiError(400, 'email_not_confirmed', 'Email not confirmed'))).toEqual({
      title: 'Please confirm your email first',
      offerResend: true,
    })
  })

  it('passes the server’s own words through for validation_failed', () => {
    const message = 'Unable to validate email address: invalid format'
    expect(describeAuthError(apiError(400, 'validation_failed', message))).toEqual({ title: message })
  })

  it.each([
    ['over_email_send_rate_limit', 'For security purposes, you can only request this after 42 seconds.', 'Please wait 42 seconds before asking for another email.'],
    ['over_email_send_rate_limit', 'For security purposes, you can only request this after 0 seconds.', 'Please wait 1 second before asking for another email.'],
    ['over_email_send_rate_limit', 'email rate limit exceeded', 'Too many emails were sent. Please try again later.'],
    ['over_request_rate_limit', 'Request rate limit reached', 'Too many attempts. Please wait a minute and try again.'],
  ])('says how long to wait when rate limited (%s: %s)', (code, message, expected) => {
    expect(describeAuthError(apiError(429, code, message))).toEqual({ title: expected })
  })

  it('shows the weak-password rule the server applied', () => {
    const error = new AuthWeakPasswordError('Password should be at least 8 characters.', 422, ['length'])
    expect(describeAuthError(error)).toEqual({ title: 'Password should be at least 8 characters.' })
  })

  it('explains an expired or used email link from the redirect’s error code', () => {
    const error = new AuthImplicitGrantRedirectError('Email link is invalid or has expired', {
      error: 'access_denied',
      code: 'otp_expired',
    })
    expect(describeAuthError(error).title).toBe('This link has expired or was already used. Please sign in.')
  })

  it.each([
    ['offline', new AuthRetryableFetchError('Failed to fetch', 0)],
    ['gateway down', new AuthRetryableFetchError('{"error":"service_unavailable"}', 503)],
  ])('says the server is unreachable when %s', (_case, error) => {
    expect(describeAuthError(error)).toEqual({ title: NETWORK_ERROR_MESSAGE })
  })

  it('uses an unknown client error’s sentence, but never a server failure’s', () => {
    expect(describeAuthError(apiError(422, 'something_new', 'Something specific happened'))).toEqual({ title: 'Something specific happened' })
    expect(describeAuthError(apiError(500, 'unexpected_failure', 'pq: relation does not exist'))).toEqual({ title: GENERIC_ERROR_MESSAGE })
  })

  it.each([undefined, null, 'boom', new Error('chunk failed to load'), {}])('falls back to SPEC’s generic notice for %s', (error) => {
    expect(describeAuthError(error)).toEqual({ title: GENERIC_ERROR_MESSAGE })
  })
})
