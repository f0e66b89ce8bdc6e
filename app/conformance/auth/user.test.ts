/**
 * PUT /user (metadata, password with the reauthentication nonce, email change confirmed from both
 * mailboxes) and GET /reauthenticate.
 */
import { isAuthWeakPasswordError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'

import { adminClient, claimsOf, expectApiError, newEmail, PASSWORD, redirectTo, signedInUser, userClient } from './support/clients'
import { contractTest } from './support/contract'
import { ageSession } from './support/db'
import { follow } from './support/links'
import { Inbox, verifyLink } from './support/mail'
import { anyString } from './support/matchers'

describe('updateUser: metadata and password', () => {
  it('data is merged into user_metadata and a null value removes the key', async () => {
    const { client } = await signedInUser()
    const first = await client.auth.updateUser({ data: { theme: 'dark', plan: 'free' } })
    expect(first.error).toBeNull()
    expect(first.data.user!.user_metadata).toMatchObject({ theme: 'dark', plan: 'free', email_verified: true })
    const second = await client.auth.updateUser({ data: { plan: null } })
    expect(second.data.user!.user_metadata).toEqual({ theme: 'dark', email_verified: true })
  })

  it('a fresh session changes the password directly; the same one is same_password, a short one weak_password', async () => {
    const { client, email } = await signedInUser()
    expectApiError((await client.auth.updateUser({ password: PASSWORD })).error, 'same_password', 422)
    const weak = await client.auth.updateUser({ password: 'short' })
    expect(isAuthWeakPasswordError(weak.error)).toBe(true)
    expect(weak.error).toMatchObject({ status: 422, reasons: ['length'] })
    expect((await client.auth.updateUser({ password: 'brand-new-password-7' })).error).toBeNull()
    const signIn = await userClient().auth.signInWithPassword({ email, password: 'brand-new-password-7' })
    expect(signIn.error).toBeNull()
  })

  it('a session older than 24 h needs the nonce from reauthenticate to change the password', async () => {
    const { client, email, session } = await signedInUser()
    await ageSession(claimsOf(session.access_token).session_id as string, 25)
    expectApiError((await client.auth.updateUser({ password: 'later-password-1' })).error, 'reauthentication_needed', 400)

    const inbox = new Inbox(email)
    expect((await client.auth.reauthenticate()).error).toBeNull()
    const mail = await inbox.next()
    expect(mail.subject).toBe('Confirm reauthentication')
    expect(mail.code).toMatch(/^\d{6}$/)
    const wrong = mail.code === '000000' ? '111111' : '000000'
    expectApiError(
      (await client.auth.updateUser({ password: 'later-password-1', nonce: wrong })).error,
      'reauthentication_not_valid',
      422,
    )
    expect((await client.auth.updateUser({ password: 'later-password-1', nonce: mail.code! })).error).toBeNull()
    expect((await userClient().auth.signInWithPassword({ email, password: 'later-password-1' })).error).toBeNull()
  })
})

describe('updateUser: email change', () => {
  it('mails both addresses; the change happens once both links are followed', async () => {
    const { client, email, userId } = await signedInUser('implicit')
    const newAddress = newEmail('moved')
    const current = new Inbox(email)
    const next = new Inbox(newAddress)
    const { data, error } = await client.auth.updateUser({ email: newAddress }, { emailRedirectTo: redirectTo('/settings') })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ email, new_email: newAddress, email_change_sent_at: anyString() })

    const toCurrent = await current.next()
    const toNew = await next.next()
    for (const mail of [toCurrent, toNew]) expect(mail.subject).toBe('Confirm Email Change')
    expect(verifyLink(toCurrent)).not.toBe(verifyLink(toNew))

    const firstLanding = await follow(verifyLink(toCurrent))
    expect(firstLanding.fragment.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    )
    const secondLanding = await follow(verifyLink(toNew))
    expect(secondLanding.fragment.get('type')).toBe('email_change')
    expect(secondLanding.fragment.get('access_token')).toEqual(anyString())

    const user = await adminClient().auth.admin.getUserById(userId)
    expect(user.data.user).toMatchObject({ email: newAddress })
    expect(user.data.user!.new_email).toBeUndefined()
    expect((await userClient().auth.signInWithPassword({ email: newAddress, password: PASSWORD })).error).toBeNull()
  })

  it("another user's address is email_exists; a malformed one validation_failed", async () => {
    const { client } = await signedInUser()
    const other = newEmail('other')
    await adminClient().auth.admin.createUser({ email: other, password: PASSWORD, email_confirm: true })
    expectApiError((await client.auth.updateUser({ email: other })).error, 'email_exists', 422)
    expectApiError((await client.auth.updateUser({ email: 'nope' })).error, 'validation_failed', 400)
  })
})

contractTest()
