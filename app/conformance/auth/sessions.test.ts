/**
 * POST /token?grant_type=password|refresh_token, GET /user, POST /logout: refresh-token rotation and
 * reuse, sign-out scopes and what a signed-out token gets.
 */
import { describe, expect, it } from 'vitest'

import {
  adminClient,
  claimsOf,
  expectApiError,
  expectSessionNotFound,
  newEmail,
  PASSWORD,
  signedInUser,
  userClient,
} from './support/clients'
import { contractTest } from './support/contract'
import { ageRefreshToken } from './support/db'
import { anyString } from './support/matchers'

describe('password sign-in and the user', () => {
  it('signInWithPassword returns a session; the email matches case-insensitively; getUser reads the user', async () => {
    const email = newEmail('signin')
    await adminClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })
    const client = userClient()
    const { data, error } = await client.auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD })
    expect(error).toBeNull()
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
    expect(data.session!.refresh_token).toMatch(/^[a-z0-9]{12}$/)
    expect(data.user).toMatchObject({ email, role: 'authenticated', last_sign_in_at: anyString() })

    const user = await client.auth.getUser()
    expect(user.error).toBeNull()
    expect(user.data.user).toMatchObject({ id: data.user!.id, email, email_confirmed_at: anyString() })
    expect(user.data.user!.identities![0]).toMatchObject({ provider: 'email', identity_id: anyString() })
  })

  it('a tampered access token is bad_jwt', async () => {
    const { session } = await signedInUser()
    const [header, payload, signature] = session.access_token.split('.')
    const claims = { ...claimsOf(session.access_token), role: 'service_role' }
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`
    expect(payload).not.toBe(forged.split('.')[1])
    expectApiError((await userClient().auth.getUser(forged)).error, 'bad_jwt', 403)
  })

  it('an unknown user is invalid_credentials', async () => {
    const { error } = await userClient().auth.signInWithPassword({ email: newEmail('nobody'), password: PASSWORD })
    expectApiError(error, 'invalid_credentials', 400)
  })
})

describe('refresh tokens', () => {
  it('rotate: each refresh answers a new token; the parent of the active token answers the active token', async () => {
    const { client, session } = await signedInUser()
    const first = session.refresh_token
    const second = await client.auth.refreshSession({ refresh_token: first })
    expect(second.error).toBeNull()
    const r2 = second.data.session!.refresh_token
    expect(r2).not.toBe(first)
    expect(claimsOf(second.data.session!.access_token).session_id).toBe(claimsOf(session.access_token).session_id)

    // A client that lost the answer (e.g. a second tab) retries with the parent: the same child again.
    const retried = await userClient().auth.refreshSession({ refresh_token: first })
    expect(retried.error).toBeNull()
    expect(retried.data.session!.refresh_token).toBe(r2)
  })

  it('an older revoked token is refresh_token_already_used and revokes the whole family', async () => {
    const { client, session } = await signedInUser()
    const r1 = session.refresh_token
    const r2 = (await client.auth.refreshSession({ refresh_token: r1 })).data.session!.refresh_token
    const r3 = (await client.auth.refreshSession({ refresh_token: r2 })).data.session!.refresh_token
    // r1 was revoked when r2 was issued; make that longer ago than the 10 s reuse interval.
    await ageRefreshToken(r1, 60)
    expectApiError((await userClient().auth.refreshSession({ refresh_token: r1 })).error, 'refresh_token_already_used', 400)
    // The active token r3 was revoked with its family: once outside the interval it is already used too.
    await ageRefreshToken(r3, 60)
    expectApiError((await userClient().auth.refreshSession({ refresh_token: r3 })).error, 'refresh_token_already_used', 400)
  })

  it('malformed tokens are validation_failed; unknown well-formed ones refresh_token_not_found', async () => {
    const client = userClient()
    expectApiError((await client.auth.refreshSession({ refresh_token: 'garbage' })).error, 'validation_failed', 400)
    expectApiError(
      (await client.auth.refreshSession({ refresh_token: 'abcdefghijkl' })).error,
      'refresh_token_not_found',
      400,
    )
  })
})

describe('sign-out scopes', () => {
  async function threeSessions() {
    const email = newEmail('devices')
    await adminClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })
    const devices = [userClient(), userClient(), userClient()]
    const sessions = []
    for (const device of devices) {
      const { data, error } = await device.auth.signInWithPassword({ email, password: PASSWORD })
      expect(error).toBeNull()
      sessions.push(data.session!)
    }
    return { devices, sessions }
  }
  const stillValid = async (token: string) => !(await userClient().auth.getUser(token)).error

  it('local ends only this session; its token is then session_not_found and its refresh token not found', async () => {
    const { devices, sessions } = await threeSessions()
    expect((await devices[0].auth.signOut({ scope: 'local' })).error).toBeNull()
    expect((await devices[0].auth.getSession()).data.session).toBeNull()
    expectSessionNotFound((await userClient().auth.getUser(sessions[0].access_token)).error)
    expectApiError(
      (await userClient().auth.refreshSession({ refresh_token: sessions[0].refresh_token })).error,
      'refresh_token_not_found',
      400,
    )
    expect(await stillValid(sessions[1].access_token)).toBe(true)
    expect(await stillValid(sessions[2].access_token)).toBe(true)
    // Signing out again with the ended session's token is session_not_found (signOut itself hides it).
    expectSessionNotFound((await adminClient().auth.admin.signOut(sessions[0].access_token, 'local')).error)
  })

  it('others ends every other session and keeps this one', async () => {
    const { devices, sessions } = await threeSessions()
    expect((await devices[1].auth.signOut({ scope: 'others' })).error).toBeNull()
    expect(await stillValid(sessions[1].access_token)).toBe(true)
    expect(await stillValid(sessions[0].access_token)).toBe(false)
    expect(await stillValid(sessions[2].access_token)).toBe(false)
  })

  it('global (the default) ends every session of the user', async () => {
    const { devices, sessions } = await threeSessions()
    expect((await devices[2].auth.signOut()).error).toBeNull()
    for (const session of sessions) expect(await stillValid(session.access_token)).toBe(false)
  })
})

contractTest()
