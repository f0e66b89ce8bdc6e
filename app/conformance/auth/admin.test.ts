/**
 * The admin API with the service-role key (supabase.auth.admin.*): users CRUD and pagination, bans,
 * generate_link, invite, factors; and what the anon key gets.
 */
import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { adminClient, anonClient, expectApiError, newEmail, PASSWORD, redirectTo, signedInUser, userClient } from './support/clients'
import { contractTest } from './support/contract'
import { lastExchange } from './support/http'
import { follow } from './support/links'
import { Inbox, verifyLink } from './support/mail'
import { totp } from './support/totp'
import { anyString, stringMatching } from './support/matchers'

const admin = adminClient()

describe('who may call the admin API', () => {
  it('the anon key is not_admin', async () => {
    const anon = anonClient()
    expectApiError((await anon.auth.admin.listUsers()).error, 'not_admin', 403)
    expectApiError((await anon.auth.admin.createUser({ email: newEmail() })).error, 'not_admin', 403)
  })
})

describe('users', () => {
  it('createUser stores metadata and confirms on request; a taken email is email_exists', async () => {
    const email = newEmail('admin-create')
    const { data, error } = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { display_name: 'Ada' },
      app_metadata: { plan: 'pro' },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email,
      role: 'authenticated',
      email_confirmed_at: anyString(),
      user_metadata: { display_name: 'Ada', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
    })
    expectApiError((await admin.auth.admin.createUser({ email, password: PASSWORD })).error, 'email_exists', 422)
  })

  it('getUserById finds the user; an unknown id is user_not_found', async () => {
    const email = newEmail('admin-get')
    const created = (await admin.auth.admin.createUser({ email, password: PASSWORD })).data.user!
    const { data, error } = await admin.auth.admin.getUserById(created.id)
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ id: created.id, email })
    expect(data.user!.email_confirmed_at).toBeUndefined()
    expectApiError((await admin.auth.admin.getUserById(randomUUID())).error, 'user_not_found', 404)
  })

  it('listUsers pages newest first with x-total-count and a Link to the next and last pages', async () => {
    for (let i = 0; i < 3; i++) await admin.auth.admin.createUser({ email: newEmail('admin-list') })
    const { data, error } = await admin.auth.admin.listUsers({ page: 1, perPage: 2 })
    expect(error).toBeNull()
    expect(data.users).toHaveLength(2)
    expect(data.users[0].created_at >= data.users[1].created_at).toBe(true)
    const { headers } = lastExchange('GET', '/admin/users')
    const total = Number(headers['x-total-count'])
    expect(total).toBeGreaterThanOrEqual(3)
    expect('total' in data && data.total).toBe(total)
    const last = Math.ceil(total / 2)
    expect(headers.link).toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${last}&per_page=2>; rel="last"`,
    )
  })

  it('updateUserById changes metadata, bans (user_banned) and unbans', async () => {
    const email = newEmail('admin-ban')
    const id = (await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).data.user!.id
    const banned = await admin.auth.admin.updateUserById(id, { ban_duration: '24h', user_metadata: { note: 'x' } })
    expect(banned.error).toBeNull()
    expect(banned.data.user).toMatchObject({ banned_until: anyString(), user_metadata: { note: 'x' } })
    expectApiError((await userClient().auth.signInWithPassword({ email, password: PASSWORD })).error, 'user_banned', 400)
    expect((await admin.auth.admin.updateUserById(id, { ban_duration: 'none' })).error).toBeNull()
    expect((await userClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
  })

  it('updateUserById sets email and password at once, without mail', async () => {
    const id = (await admin.auth.admin.createUser({ email: newEmail(), password: PASSWORD, email_confirm: true })).data.user!.id
    const moved = newEmail('admin-moved')
    const { data, error } = await admin.auth.admin.updateUserById(id, { email: moved, password: 'admin-set-password-2' })
    expect(error).toBeNull()
    expect(data.user!.email).toBe(moved)
    expect((await userClient().auth.signInWithPassword({ email: moved, password: 'admin-set-password-2' })).error).toBeNull()
  })

  it('deleteUser removes the user: it is then user_not_found and its token no longer works', async () => {
    const { session, userId } = await signedInUser()
    const { error } = await admin.auth.admin.deleteUser(userId)
    expect(error).toBeNull()
    expectApiError((await admin.auth.admin.getUserById(userId)).error, 'user_not_found', 404)
    expectApiError((await admin.auth.admin.deleteUser(userId)).error, 'user_not_found', 404)
    expectApiError((await userClient().auth.getUser(session.access_token)).error, 'user_not_found', 403)
  })
})

describe('links and invitations', () => {
  it('generateLink magiclink answers the link and OTP without mailing; its hash signs in', async () => {
    const email = newEmail('admin-link')
    await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })
    const inbox = new Inbox(email)
    const generated = await admin.auth.admin.generateLink({ type: 'magiclink', email, options: { redirectTo: redirectTo() } })
    expect(generated.error).toBeNull()
    const data = { properties: generated.data.properties!, user: generated.data.user! }
    expect(data.properties).toMatchObject({
      verification_type: 'magiclink',
      redirect_to: redirectTo(),
      email_otp: stringMatching(/^\d{6}$/),
      hashed_token: stringMatching(/^[0-9a-f]{56}$/),
    })
    expect(data.properties.action_link).toContain(`token=${data.properties.hashed_token}&type=magiclink`)
    expect(data.user.email).toBe(email)
    const client = userClient('implicit')
    expect((await client.auth.verifyOtp({ type: 'magiclink', token_hash: data.properties.hashed_token })).error).toBeNull()
    // No mail went out: the next one this address receives is the reauthentication code asked for now.
    expect((await client.auth.reauthenticate()).error).toBeNull()
    expect((await inbox.next()).subject).toBe('Confirm reauthentication')
  })

  it('generateLink signup creates the user; its action link confirms it', async () => {
    const email = newEmail('admin-signup')
    const { data, error } = await admin.auth.admin.generateLink({ type: 'signup', email, password: PASSWORD })
    expect(error).toBeNull()
    expect(data.properties!.verification_type).toBe('signup')
    const landing = await follow(data.properties!.action_link)
    expect(landing.fragment.get('type')).toBe('signup')
    expect((await userClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
  })

  it('generateLink errors: recovery for an unknown address is user_not_found, invite of a user email_exists', async () => {
    expectApiError((await admin.auth.admin.generateLink({ type: 'recovery', email: newEmail('ghost') })).error, 'user_not_found', 404)
    const email = newEmail('admin-taken')
    await admin.auth.admin.createUser({ email, email_confirm: true })
    expectApiError((await admin.auth.admin.generateLink({ type: 'invite', email })).error, 'email_exists', 422)
  })

  it('inviteUserByEmail mails an invitation whose link signs the new user in', async () => {
    const email = newEmail('invited')
    const inbox = new Inbox(email)
    const { data, error } = await admin.auth.admin.inviteUserByEmail(email, { data: { team: 'a' }, redirectTo: redirectTo() })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ email, invited_at: anyString(), user_metadata: { team: 'a' } })
    const mail = await inbox.next()
    expect(mail.subject).toBe('You have been invited')
    const landing = await follow(verifyLink(mail))
    expect(landing.fragment.get('type')).toBe('invite')
    expect(landing.fragment.get('access_token')).toEqual(anyString())
    expectApiError((await admin.auth.admin.inviteUserByEmail(email)).error, 'email_exists', 422)
  })
})

describe('factors', () => {
  it('mfa.listFactors lists a user\'s factors; deleteFactor removes one; an unknown one is mfa_factor_not_found', async () => {
    const { client, userId } = await signedInUser()
    const factor = (await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).data!
    const challenge = (await client.auth.mfa.challenge({ factorId: factor.id })).data!
    expect((await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code: totp(factor.totp.secret) })).error).toBeNull()

    const listed = await admin.auth.admin.mfa.listFactors({ userId })
    expect(listed.error).toBeNull()
    expect(listed.data!.factors).toEqual([
      expect.objectContaining({ id: factor.id, status: 'verified', friendly_name: 'Phone', factor_type: 'totp' }),
    ])
    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId, id: factor.id })
    expect(deleted.error).toBeNull()
    // The answer is the deleted factor (supabase-js hands it on wrapped; read it off the wire).
    expect(JSON.parse(lastExchange('DELETE', `/admin/users/${userId}/factors/${factor.id}`).text)).toMatchObject({
      id: factor.id,
      factor_type: 'totp',
    })
    expect((await admin.auth.admin.mfa.listFactors({ userId })).data!.factors).toEqual([])
    expectApiError((await admin.auth.admin.mfa.deleteFactor({ userId, id: factor.id })).error, 'mfa_factor_not_found', 404)
  })
})

contractTest()
