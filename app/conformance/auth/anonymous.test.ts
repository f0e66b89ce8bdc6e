/**
 * Anonymous sign-ins (GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED, on for the second server only; the product
 * keeps them off: providers.test.ts): is_anonymous users and claims, what they may not do, the official
 * per-client hourly limit, and how one becomes permanent by adding an email.
 */
import { describe, expect, it } from 'vitest'

import { claimsOf, expectApiError, featuresClient, newEmail, PASSWORD } from './support/clients'
import { contractTest } from './support/contract'
import { newClientAddress } from './support/http'
import { Inbox } from './support/mail'

describe('signInAnonymously', () => {
  it('makes an is_anonymous user without email or identity, signed in with amr anonymous at aal1', async () => {
    const client = featuresClient()
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { theme: 'dark' } } })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', phone: '', app_metadata: {}, identities: [] })
    expect(data.user!.user_metadata).toEqual({ theme: 'dark' })
    const claims = claimsOf(data.session!.access_token)
    expect(claims).toMatchObject({ is_anonymous: true, aal: 'aal1', role: 'authenticated', email: '', phone: '' })
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['anonymous'])
    expect((await client.auth.getUser()).data.user!.is_anonymous).toBe(true)
    const refreshed = await client.auth.refreshSession()
    expect(claimsOf(refreshed.data.session!.access_token).is_anonymous).toBe(true)
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    })
  })

  it('may not enroll a factor, nor set a password without an email', async () => {
    const client = featuresClient()
    expect((await client.auth.signInAnonymously()).error).toBeNull()
    expectApiError((await client.auth.mfa.enroll({ factorType: 'totp' })).error, 'no_authorization', 403)
    const password = await client.auth.updateUser({ password: PASSWORD })
    expectApiError(password.error, 'validation_failed', 422)
    expect(password.error!.message).toBe('Updating password of an anonymous user without an email or phone is not allowed')
  })

  it('becomes a permanent user by adding an email, keeping its id', async () => {
    const client = featuresClient()
    const { data } = await client.auth.signInAnonymously()
    const id = data.user!.id
    const email = newEmail('anonymous')
    const inbox = new Inbox(email)
    const added = await client.auth.updateUser({ email })
    expect(added.error).toBeNull()
    expect(added.data.user).toMatchObject({ id, is_anonymous: true, new_email: email })
    const mail = await inbox.next()
    expect(mail.subject).toBe('Confirm Email Change')
    const verified = await client.auth.verifyOtp({ email, token: mail.code!, type: 'email_change' })
    expect(verified.error).toBeNull()
    expect(verified.data.user).toMatchObject({ id, email, is_anonymous: false })
    expect(verified.data.user!.identities!.map((i) => i.provider)).toEqual(['email'])
    expect(claimsOf(verified.data.session!.access_token)).toMatchObject({ is_anonymous: false, email })
    // Now it may have a password and sign in with it like anyone else.
    expect((await client.auth.updateUser({ password: PASSWORD })).error).toBeNull()
    const again = await featuresClient().auth.signInWithPassword({ email, password: PASSWORD })
    expect(again.error).toBeNull()
    expect(again.data.user!.id).toBe(id)
  })

  it('is limited per client address (GOTRUE_RATE_LIMIT_ANONYMOUS_USERS: 30 an hour)', async () => {
    const address = newClientAddress()
    for (let i = 0; i < 30; i += 1) {
      expect((await featuresClient('pkce', address).auth.signInAnonymously()).error).toBeNull()
    }
    expectApiError((await featuresClient('pkce', address).auth.signInAnonymously()).error, 'over_request_rate_limit', 429)
    expect((await featuresClient('pkce', newClientAddress()).auth.signInAnonymously()).error).toBeNull()
  })
})

contractTest()
