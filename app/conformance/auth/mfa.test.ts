/**
 * TOTP multi-factor authentication: POST /factors, /factors/{id}/challenge, /factors/{id}/verify,
 * DELETE /factors/{id}, with codes computed as an authenticator app does, and what aal1 may not do.
 */
import { describe, expect, it } from 'vitest'

import { claimsOf, expectApiError, PASSWORD, signedInUser, userClient, type Client } from './support/clients'
import { contractTest } from './support/contract'
import { totp } from './support/totp'
import { anyString, anyNumber } from './support/matchers'

async function enrollVerified(client: Client, email: string) {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'My phone', issuer: 'Toolkit' })
  expect(enrolled.error).toBeNull()
  const factor = enrolled.data!
  const secret = factor.totp.secret
  const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
  expect(challenge.error).toBeNull()
  const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totp(secret) })
  expect(verified.error, `verify for ${email}`).toBeNull()
  return { factorId: factor.id, secret, session: verified.data! }
}

describe('TOTP enrolment and verification', () => {
  it('enroll answers the secret, URI and QR code; a duplicate name is mfa_factor_name_conflict', async () => {
    const { client, email } = await signedInUser()
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'My phone', issuer: 'Toolkit' })
    expect(error).toBeNull()
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'My phone' })
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(data!.totp.uri).toBe(
      `otpauth://totp/Toolkit:${email}?algorithm=SHA1&digits=6&issuer=Toolkit&period=30&secret=${data!.totp.secret}`,
    )
    // supabase-js prefixes the server's SVG document to make a data URI.
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<\?xml[^>]*\?>/)
    expect(data!.totp.qr_code).toMatch(/<svg[\s\S]*<\/svg>\s*$/)

    const again = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'My phone' })
    expectApiError(again.error, 'mfa_factor_name_conflict', 422)
    const factors = await client.auth.mfa.listFactors()
    expect(factors.data!.all.map((f) => [f.id, f.status])).toEqual([[data!.id, 'unverified']])
  })

  it('a wrong code is mfa_verification_failed; the right one raises the session to aal2 with amr totp', async () => {
    const { client, session: before } = await signedInUser()
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' })
    const challenge = (await client.auth.mfa.challenge({ factorId: factor!.id })).data!
    expect(challenge).toMatchObject({ type: 'totp', id: anyString(), expires_at: anyNumber() })
    const right = totp(factor!.totp.secret)
    const wrong = String((Number(right) + 500000) % 1000000).padStart(6, '0')
    const failed = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge.id, code: wrong })
    expectApiError(failed.error, 'mfa_verification_failed', 422)

    const next = (await client.auth.mfa.challenge({ factorId: factor!.id })).data!
    const { data, error } = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: next.id, code: right })
    expect(error).toBeNull()
    const claims = claimsOf(data!.access_token)
    expect(claims.session_id).toBe(claimsOf(before.access_token).session_id)
    expect(claims.aal).toBe('aal2')
    // Most recent first; within one second the order is the server's (unstable upstream too).
    const amr = claims.amr as { method: string; timestamp: number }[]
    expect(amr.map((a) => a.method).sort()).toEqual(['password', 'totp'])
    expect(amr[0].timestamp).toBeGreaterThanOrEqual(amr[1].timestamp)
    expect(amr.find((a) => a.method === 'totp')!.timestamp).toBeGreaterThanOrEqual(
      amr.find((a) => a.method === 'password')!.timestamp,
    )
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
  })
})

describe('what an aal1 session may not do once a factor is verified', () => {
  it('sign-in stays aal1 with aal2 next; updateUser, unenroll and a new enrolment are insufficient_aal', async () => {
    const { client, email } = await signedInUser()
    const { factorId } = await enrollVerified(client, email)

    const device = userClient()
    expect((await device.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
    expect((await device.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    })
    expectApiError((await device.auth.updateUser({ password: 'other-password-5' })).error, 'insufficient_aal', 401)
    expect((await device.auth.updateUser({ data: { allowed: true } })).error).toBeNull()
    expectApiError((await device.auth.mfa.unenroll({ factorId })).error, 'insufficient_aal', 422)
    expectApiError((await device.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' })).error, 'insufficient_aal', 403)

    // The aal2 session may unenroll; the factor is then gone.
    const removed = await client.auth.mfa.unenroll({ factorId })
    expect(removed.error).toBeNull()
    expect(removed.data).toEqual({ id: factorId })
    expect((await client.auth.mfa.listFactors()).data!.all).toEqual([])
  })

  it('refreshing an aal2 session keeps aal2', async () => {
    const { client, email } = await signedInUser()
    const { session } = await enrollVerified(client, email)
    const refreshed = await client.auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refreshed.error).toBeNull()
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2')
  })
})

contractTest()
