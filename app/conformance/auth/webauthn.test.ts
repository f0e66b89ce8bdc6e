/**
 * WebAuthn factors through supabase-js (GOTRUE_MFA_WEB_AUTHN_*: the second server; off in the product):
 * enrolment, the creation options of a challenge as supabase-js deserializes them, and bad responses
 * answered 400 with nothing changed. The ceremony itself, with a real browser credential, is the
 * Playwright test e2e/webauthn.spec.ts (Chromium's virtual authenticator).
 */
import { describe, expect, it } from 'vitest'

import { expectApiError, signedInUser } from './support/clients'
import { contractTest } from './support/contract'
import { featuresUrl, keys, siteUrl } from './support/env'
import { featuresServer, recordingFetch } from './support/http'

const RP = { rpId: new URL(siteUrl).hostname, rpOrigins: [new URL(siteUrl).origin] }

describe('WebAuthn factors', () => {
  it('the product keeps enrolment off: mfa_webauthn_enroll_not_enabled', async () => {
    const { client } = await signedInUser()
    expectApiError((await client.auth.mfa.enroll({ factorType: 'webauthn' })).error, 'mfa_webauthn_enroll_not_enabled', 422)
  })

  it('enroll, then a challenge asks the browser to create a credential for this relying party', async () => {
    const { client, email, userId } = await signedInUser('pkce', featuresServer)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Security key' })
    expect(enrolled.error).toBeNull()
    expect(enrolled.data).toMatchObject({ type: 'webauthn', friendly_name: 'Security key' })
    const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data!.id, webauthn: RP })
    expect(challenge.error).toBeNull()
    const data = challenge.data as unknown as {
      type: string
      webauthn: { type: string; credential_options: { publicKey: PublicKeyCredentialCreationOptions } }
    }
    expect([data.type, data.webauthn.type]).toEqual(['webauthn', 'create'])
    const options = data.webauthn.credential_options.publicKey
    expect(options.rp).toEqual({ id: RP.rpId, name: RP.rpId })
    expect(options.user.name).toBe(email)
    expect(Buffer.from(options.user.id as ArrayBuffer).toString()).toBe(userId)
    expect((options.challenge as ArrayBuffer).byteLength).toBeGreaterThanOrEqual(32)
    const factors = await client.auth.mfa.listFactors()
    expect(factors.data!.all.map((f) => [f.factor_type, f.status])).toEqual([['webauthn', 'unverified']])
  })

  it('a challenge without a relying party, a bad response or an unknown factor type is 400', async () => {
    const { client, session } = await signedInUser('pkce', featuresServer)
    const factor = (await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' })).data!
    const device = recordingFetch(undefined, featuresServer)
    const raw = (path: string, body: unknown) =>
      device(`${featuresUrl}${path}`, {
        method: 'POST',
        headers: { apikey: keys().anon, authorization: `Bearer ${session.access_token}`,
          'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify(body),
      })
    const noRp = await raw(`/factors/${factor.id}/challenge`, {})
    const noRpAnswer = (await noRp.json()) as { message?: string }
    expect([noRp.status, noRpAnswer.message]).toEqual([400, 'web_authn config required'])
    // Challenge and verify come from one client address (a challenge is verified where it was made).
    const challenge = (await (await raw(`/factors/${factor.id}/challenge`, { webauthn: RP })).json()) as { id: string }
    const forged = await raw(`/factors/${factor.id}/verify`, { challenge_id: challenge.id, webauthn: { ...RP,
      type: 'create', credential_response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key',
        response: { clientDataJSON: 'e30', attestationObject: 'oA' } } } })
    expect(forged.status).toBe(400)
    expect(await forged.json()).toMatchObject({ code: 'validation_failed' })
    expect((await client.auth.mfa.listFactors()).data!.all.map((f) => f.status)).toEqual(['unverified'])
    const unknown = await client.auth.mfa.enroll({ factorType: 'passkey' } as never)
    expectApiError(unknown.error, 'validation_failed', 400)
  })
})

contractTest()
