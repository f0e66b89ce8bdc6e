/** POST /signup, the confirmation mail, GET /verify and the PKCE exchange (POST /token?grant_type=pkce). */
import { isAuthWeakPasswordError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'

import { adminClient, expectApiError, featuresClient, newEmail, PASSWORD, redirectTo, userClient } from './support/clients'
import { contractTest } from './support/contract'
import { follow } from './support/links'
import { Inbox, verifyLink } from './support/mail'

describe('sign-up with email confirmation', () => {
  it('PKCE: signUp stores data, mails a link whose code exchangeCodeForSession turns into a session', async () => {
    const client = userClient('pkce')
    const email = newEmail('signup')
    const inbox = new Inbox(email)
    const { data, error } = await client.auth.signUp({
      email: email.toUpperCase(),
      password: PASSWORD,
      options: { data: { display_name: 'Bob', age: 42 }, emailRedirectTo: redirectTo('/welcome') },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    const user = data.user!
    expect(user).toMatchObject({ email, role: 'authenticated', aud: 'authenticated', phone: '', is_anonymous: false })
    expect(user.email_confirmed_at).toBeUndefined()
    expect(user.confirmation_sent_at).toEqual(expect.any(String))
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(user.user_metadata).toEqual({
      display_name: 'Bob', age: 42, email, email_verified: false, phone_verified: false, sub: user.id,
    })
    expect(user.identities).toHaveLength(1)
    expect(user.identities![0]).toMatchObject({ provider: 'email', user_id: user.id, id: user.id })

    const mail = await inbox.next()
    expect(mail.subject).toBe('Confirm Your Email')
    expect(mail.code).toMatch(/^\d{6}$/)
    const link = new URL(verifyLink(mail))
    expect(link.searchParams.get('type')).toBe('signup')
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/)

    const landing = await follow(link.href)
    expect(landing.status).toBe(303)
    expect(`${landing.location.origin}${landing.location.pathname}`).toBe(redirectTo('/welcome'))
    const code = landing.query.get('code')!
    expect(code).toMatch(/^[0-9a-f-]{36}$/)

    const exchanged = await client.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user!.id).toBe(user.id)
    expect(exchanged.data.user!.email_confirmed_at).toEqual(expect.any(String))
    const signedIn = await userClient().auth.signInWithPassword({ email, password: PASSWORD })
    expect(signedIn.error).toBeNull()
  })

  it('implicit flow: the link redirects with the session in the fragment; a used link fails with otp_expired', async () => {
    const client = userClient('implicit')
    const email = newEmail('implicit')
    const inbox = new Inbox(email)
    const { error } = await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: redirectTo() } })
    expect(error).toBeNull()
    const link = verifyLink(await inbox.next())

    const landing = await follow(link)
    expect(landing.status).toBe(303)
    const fragment = landing.fragment
    expect([...fragment.keys()].sort()).toEqual(
      ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type'].sort(),
    )
    expect(fragment.get('type')).toBe('signup')
    expect(fragment.get('token_type')).toBe('bearer')
    const session = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    expect(session.error).toBeNull()
    expect(session.data.user!.email).toBe(email)

    const again = await follow(link)
    expect(again.fragment.get('error')).toBe('access_denied')
    expect(again.fragment.get('error_code')).toBe('otp_expired')
    const token = new URL(link).searchParams.get('token')!
    const verified = await userClient('implicit').auth.verifyOtp({ type: 'signup', token_hash: token })
    expectApiError(verified.error, 'otp_expired', 403)
  })

  it('signing in before confirming is email_not_confirmed; a wrong password is invalid_credentials', async () => {
    const email = newEmail('unconfirmed')
    expect((await userClient().auth.signUp({ email, password: PASSWORD })).error).toBeNull()
    const client = userClient()
    expectApiError((await client.auth.signInWithPassword({ email, password: PASSWORD })).error, 'email_not_confirmed', 400)
    expectApiError(
      (await client.auth.signInWithPassword({ email, password: 'wrong-password-1' })).error,
      'invalid_credentials',
      400,
    )
  })

  it('signing up again within the mail frequency window is over_email_send_rate_limit', async () => {
    // The second server keeps upstream's 60 s window (the first's is 1 s, which a loaded machine can
    // outlast between two requests): "again at once" is within it.
    const email = newEmail('twice')
    expect((await featuresClient().auth.signUp({ email, password: PASSWORD })).error).toBeNull()
    const again = await featuresClient().auth.signUp({ email, password: PASSWORD })
    expectApiError(again.error, 'over_email_send_rate_limit', 429)
  })

  it('signing up with a confirmed email answers an obfuscated user and no session', async () => {
    const email = newEmail('taken')
    const created = await adminClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })
    const { data, error } = await userClient().auth.signUp({ email, password: 'another-password-9', options: { data: { a: 1 } } })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user!.id).not.toBe(created.data.user!.id)
    expect(data.user).toMatchObject({ email, role: '', identities: [], user_metadata: { a: 1 } })
  })

  it('a short password is weak_password with reasons; a long one, a bad email or none is validation_failed', async () => {
    const client = userClient()
    const weak = await client.auth.signUp({ email: newEmail('weak'), password: 'short' })
    expect(isAuthWeakPasswordError(weak.error)).toBe(true)
    expect(weak.error).toMatchObject({ code: 'weak_password', status: 422, reasons: ['length'] })
    expect(weak.error!.message).toBe('Password should be at least 8 characters.')

    expectApiError((await client.auth.signUp({ email: newEmail(), password: 'x'.repeat(73) })).error, 'validation_failed', 400)
    expectApiError((await client.auth.signUp({ email: 'not-an-email', password: PASSWORD })).error, 'validation_failed', 400)
    expectApiError((await client.auth.signUp({ email: newEmail(), password: '' })).error, 'validation_failed', 400)
  })
})

contractTest()
