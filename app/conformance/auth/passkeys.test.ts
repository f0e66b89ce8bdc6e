/**
 * Passkeys through supabase-js (`auth.passkey.*`, `auth.admin.passkey.*`; GOTRUE_PASSKEY_ENABLED, on in
 * the product) with a software authenticator (support/passkey-device.ts): register one, sign in with
 * it alone, list, rename and delete it; a replayed challenge and an unknown credential are refused with
 * the official codes. The same ceremony with Chromium's virtual authenticator: e2e/passkeys.spec.ts.
 */
import { AuthSessionMissingError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'

import { adminClient, claimsOf, expectApiError, signedInUser, userClient, type Client } from './support/clients'
import { contractTest } from './support/contract'
import { siteUrl } from './support/env'
import { PasskeyDevice } from './support/passkey-device'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

type Credential = Parameters<Client['auth']['passkey']['verifyRegistration']>[0]['credential']

async function register(client: Client, device = new PasskeyDevice(siteUrl)) {
  const { data: options, error } = await client.auth.passkey.startRegistration()
  expect(error).toBeNull()
  const created = await client.auth.passkey.verifyRegistration({
    challengeId: options!.challenge_id,
    credential: device.create(options!.options) as unknown as Credential,
  })
  expect(created.error).toBeNull()
  return { passkey: created.data!, device }
}

async function signInWith(device: PasskeyDevice, client = userClient()) {
  const { data: options, error } = await client.auth.passkey.startAuthentication()
  expect(error).toBeNull()
  const assertion = device.get(options!.options) as unknown as Credential
  const verified = await client.auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential: assertion })
  return { client, options: options!, assertion, verified }
}

describe('passkeys', () => {
  it('a passkey registered while signed in then signs in alone; the session is supabase-js’s own', async () => {
    const { client, userId } = await signedInUser()
    const { data: options } = await client.auth.passkey.startRegistration()
    expect(options!.challenge_id).toMatch(UUID)
    expect(options!.expires_at).toBeGreaterThan(Date.now() / 1000)
    expect(options!.options.rp.id).toBe(new URL(siteUrl).hostname)
    expect(options!.options.authenticatorSelection?.residentKey).toBe('required')
    expect(options!.options.pubKeyCredParams).toEqual(expect.arrayContaining([expect.objectContaining({ alg: -7, type: 'public-key' })]))
    const { passkey, device } = await register(client)
    expect(passkey.id).toMatch(UUID)

    const { client: browser, options: request, verified } = await signInWith(device)
    expect(request.options.allowCredentials ?? []).toHaveLength(0)
    expect(verified.error).toBeNull()
    expect(verified.data!.user!.id).toBe(userId)
    const { data: stored } = await browser.auth.getSession()
    expect(stored.session?.access_token).toBe(verified.data!.session!.access_token)
    expect((await browser.auth.getUser()).data.user?.id).toBe(userId)
    const claims = claimsOf(verified.data!.session!.access_token)
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['passkey'])
    const { data: listed } = await client.auth.passkey.list()
    expect(listed!.map((item) => [item.id, typeof item.last_used_at])).toEqual([[passkey.id, 'string']])
  })

  it('list, rename and delete; a deleted passkey no longer signs in', async () => {
    const { client } = await signedInUser()
    const { passkey, device } = await register(client)
    const renamed = await client.auth.passkey.update({ passkeyId: passkey.id, friendlyName: 'Work laptop' })
    expect(renamed.error).toBeNull()
    expect(renamed.data).toMatchObject({ id: passkey.id, friendly_name: 'Work laptop' })
    expect((await client.auth.passkey.list()).data!.map((item) => item.friendly_name)).toEqual(['Work laptop'])
    expectApiError((await client.auth.passkey.update({ passkeyId: '00000000-0000-0000-0000-000000000000', friendlyName: 'x' })).error,
      'validation_failed', 404)
    expect((await client.auth.passkey.delete({ passkeyId: passkey.id })).error).toBeNull()
    expect((await client.auth.passkey.list()).data).toEqual([])
    expectApiError((await signInWith(device)).verified.error, 'webauthn_verification_failed', 400)
  })

  it('a replayed challenge is refused: webauthn_challenge_not_found', async () => {
    const { client } = await signedInUser()
    const { device } = await register(client)
    const first = await signInWith(device)
    expect(first.verified.error).toBeNull()
    const replay = await first.client.auth.passkey.verifyAuthentication({ challengeId: first.options.challenge_id, credential: first.assertion })
    expect(replay.data).toBeNull()
    expectApiError(replay.error, 'webauthn_challenge_not_found', 400)
  })

  it('an unknown credential is refused: webauthn_verification_failed', async () => {
    const { client } = await signedInUser()
    const stranger = new PasskeyDevice(siteUrl)
    const { data: options } = await client.auth.passkey.startRegistration()
    stranger.create(options!.options) // bound to the user's handle, never registered
    const { verified } = await signInWith(stranger)
    expect(verified.data).toBeNull()
    expectApiError(verified.error, 'webauthn_verification_failed', 400)
  })

  it('registration needs a session; the admin lists and deletes a user’s passkeys', async () => {
    const { data, error } = await userClient().auth.passkey.startRegistration()
    expect(data).toBeNull()
    expect(error).toBeInstanceOf(AuthSessionMissingError)
    const { client, userId } = await signedInUser()
    const { passkey } = await register(client)
    const admin = adminClient()
    expect((await admin.auth.admin.passkey.listPasskeys({ userId })).data!.map((item) => item.id)).toEqual([passkey.id])
    expect((await admin.auth.admin.passkey.deletePasskey({ userId, passkeyId: passkey.id })).error).toBeNull()
    expect((await admin.auth.admin.passkey.listPasskeys({ userId })).data).toEqual([])
  })

  contractTest()
})
