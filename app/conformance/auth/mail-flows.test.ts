/**
 * The email flows: POST /recover (PKCE), POST /otp (magic link and code), POST /resend, POST /verify,
 * and the per-address mail frequency limit.
 */
import { describe, expect, it } from 'vitest'

import { adminClient, expectApiError, featuresClient, newEmail, PASSWORD, redirectTo, userClient } from './support/clients'
import { contractTest } from './support/contract'
import { ageMailSent } from './support/db'
import { follow } from './support/links'
import { Inbox, verifyLink } from './support/mail'
import { anyNumber } from './support/matchers'

async function confirmedUser(): Promise<string> {
  const email = newEmail('mail')
  const { error } = await adminClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })
  expect(error).toBeNull()
  return email
}

describe('password recovery', () => {
  it('PKCE: resetPasswordForEmail mails a link; its code signs in and updateUser sets the new password', async () => {
    const email = await confirmedUser()
    const inbox = new Inbox(email)
    const client = userClient('pkce')
    const reset = await client.auth.resetPasswordForEmail(email, { redirectTo: redirectTo('/reset-password') })
    expect(reset).toEqual({ data: {}, error: null })
    const mail = await inbox.next()
    expect(mail.subject).toBe('Reset Your Password')
    const link = new URL(verifyLink(mail))
    expect(link.searchParams.get('type')).toBe('recovery')

    const landing = await follow(link.href)
    expect(landing.location.pathname).toBe('/reset-password')
    const { data, error } = await client.auth.exchangeCodeForSession(landing.query.get('code')!)
    expect(error).toBeNull()
    // supabase-js marks the session as a recovery (its PASSWORD_RECOVERY event) from the stored verifier.
    expect((data as { redirectType?: string }).redirectType).toBe('recovery')
    expect(data.user!.email).toBe(email)
    expect((await client.auth.updateUser({ password: 'recovered-password-3' })).error).toBeNull()
    expect((await userClient().auth.signInWithPassword({ email, password: 'recovered-password-3' })).error).toBeNull()
  })

  it('an unknown address answers the same as a known one; a second request at once is over_email_send_rate_limit', async () => {
    expect(await userClient().auth.resetPasswordForEmail(newEmail('unknown'))).toEqual({ data: {}, error: null })
    const email = await confirmedUser()
    // The second server keeps upstream's 60 s window: "at once" is within it however slow the machine.
    expect((await featuresClient().auth.resetPasswordForEmail(email)).error).toBeNull()
    expectApiError((await featuresClient().auth.resetPasswordForEmail(email)).error, 'over_email_send_rate_limit', 429)
  })
})

describe('one-time passwords and magic links', () => {
  it('PKCE magic link: signInWithOtp mails a link whose code exchangeCodeForSession accepts', async () => {
    const email = await confirmedUser()
    const inbox = new Inbox(email)
    const client = userClient('pkce')
    expect((await client.auth.signInWithOtp({ email, options: { emailRedirectTo: redirectTo() } })).error).toBeNull()
    const mail = await inbox.next()
    expect(mail.subject).toBe('Your Magic Link')
    const landing = await follow(verifyLink(mail))
    const { data, error } = await client.auth.exchangeCodeForSession(landing.query.get('code')!)
    expect(error).toBeNull()
    expect(data.user!.email).toBe(email)
  })

  it('verifyOtp with the code from the mail signs in (amr otp); a wrong code is otp_expired', async () => {
    const email = await confirmedUser()
    const inbox = new Inbox(email)
    const client = userClient('implicit')
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull()
    const { code } = await inbox.next()
    const wrong = code === '000000' ? '111111' : '000000'
    expectApiError((await client.auth.verifyOtp({ email, token: wrong, type: 'email' })).error, 'otp_expired', 403)
    const { data, error } = await client.auth.verifyOtp({ email, token: code!, type: 'email' })
    expect(error).toBeNull()
    expect(data.session!.user.email).toBe(email)
    const claims = (await client.auth.getClaims()).data!.claims
    expect(claims.amr).toEqual([{ method: 'otp', timestamp: anyNumber() }])
  })

  it('signInWithOtp for a new address signs it up; with shouldCreateUser false it is otp_disabled', async () => {
    const email = newEmail('otp-new')
    const inbox = new Inbox(email)
    expect((await userClient().auth.signInWithOtp({ email, options: { data: { from: 'otp' } } })).error).toBeNull()
    expect((await inbox.next()).subject).toBe('Confirm Your Email')
    const refused = await userClient().auth.signInWithOtp({ email: newEmail('otp-no'), options: { shouldCreateUser: false } })
    expectApiError(refused.error, 'otp_disabled', 422)
  })

  it('verifyOtp with a token_hash from a link signs in once; the hash is then otp_expired', async () => {
    const email = await confirmedUser()
    const inbox = new Inbox(email)
    expect((await userClient('implicit').auth.signInWithOtp({ email })).error).toBeNull()
    const tokenHash = new URL(verifyLink(await inbox.next())).searchParams.get('token')!
    const client = userClient('implicit')
    expect((await client.auth.verifyOtp({ type: 'magiclink', token_hash: tokenHash })).error).toBeNull()
    expectApiError((await client.auth.verifyOtp({ type: 'magiclink', token_hash: tokenHash })).error, 'otp_expired', 403)
  })
})

describe('resend', () => {
  it('resend signup mails a new link and the previous one no longer works', async () => {
    const email = newEmail('resend')
    const inbox = new Inbox(email)
    expect((await userClient('implicit').auth.signUp({ email, password: PASSWORD })).error).toBeNull()
    const firstLink = verifyLink(await inbox.next())
    await ageMailSent(email, 60) // the frequency window has passed
    expect((await userClient('implicit').auth.resend({ type: 'signup', email })).error).toBeNull()
    const secondLink = verifyLink(await inbox.next())
    expect(secondLink).not.toBe(firstLink)
    expect((await follow(firstLink)).fragment.get('error_code')).toBe('otp_expired')
    expect((await follow(secondLink)).fragment.get('type')).toBe('signup')
  })

  it('resend right after the first mail is over_email_send_rate_limit', async () => {
    const email = newEmail('resend-fast')
    expect((await featuresClient().auth.signUp({ email, password: PASSWORD })).error).toBeNull()
    expectApiError((await featuresClient().auth.resend({ type: 'signup', email })).error, 'over_email_send_rate_limit', 429)
  })

  it('resend for a confirmed address answers success and sends nothing', async () => {
    const email = await confirmedUser()
    const inbox = new Inbox(email)
    expect((await userClient().auth.resend({ type: 'signup', email })).error).toBeNull()
    // The next mail this address gets is the one asked for afterwards: resend sent none.
    expect((await userClient().auth.resetPasswordForEmail(email)).error).toBeNull()
    expect((await inbox.next()).subject).toBe('Reset Your Password')
  })
})

contractTest()
