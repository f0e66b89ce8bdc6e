/** GET /health, GET /settings, GET /.well-known/jwks.json and the access token's claims (getClaims). */
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { claimsOf, signedInUser } from './support/clients'
import { contractTest } from './support/contract'
import { authRoot, keys } from './support/env'
import { recordingFetch } from './support/http'
import { anyNumber } from './support/matchers'

const get = (path: string) => recordingFetch()(`${authRoot}${path}`, { headers: { apikey: keys().anon } })

describe('general endpoints', () => {
  it('GET /health names the server and its version', async () => {
    const response = await get('/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      version: 'v2.186.0',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    })
  })

  it('GET /settings: email and phone sign-up on (the SMS capture), no autoconfirm, no other provider', async () => {
    const response = await get('/settings')
    expect(response.status).toBe(200)
    const settings = (await response.json()) as { external: Record<string, boolean> }
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: 'twilio',
      saml_enabled: false,
      passkeys_enabled: true,
    })
    expect([settings.external.email, settings.external.phone]).toEqual([true, true])
    const others = Object.entries(settings.external).filter(([name, on]) => !['email', 'phone'].includes(name) && on)
    expect(others).toEqual([])
  })
})

describe('access tokens and the JWKS', () => {
  it('the access token is ES256 and verifies against /.well-known/jwks.json', async () => {
    const { session } = await signedInUser()
    const [headerPart, payloadPart, signaturePart] = session.access_token.split('.')
    const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString()) as { kid?: string }
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' })

    const response = await get('/.well-known/jwks.json')
    expect(response.status).toBe(200)
    const { keys: published } = (await response.json()) as { keys: JsonWebKey[] }
    // Only public keys are published: never the HS256 secret, never a private part.
    expect(published.every((k) => k.kty !== 'oct' && k.d === undefined)).toBe(true)
    const jwk = published.find((k) => k.kid === header.kid)
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] })

    const key = createPublicKey({ key: jwk!, format: 'jwk' })
    const data = Buffer.from(`${headerPart}.${payloadPart}`)
    const signature = Buffer.from(signaturePart, 'base64url')
    expect(verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true)
    const tampered = Buffer.from(`${headerPart}.${payloadPart.slice(0, -2)}AA`)
    expect(verify('sha256', tampered, { key, dsaEncoding: 'ieee-p1363' }, signature)).toBe(false)
  })

  it('getClaims verifies the token through the JWKS and returns the official claims', async () => {
    const { client, email, session, userId } = await signedInUser()
    const { data, error } = await client.auth.getClaims()
    expect(error).toBeNull()
    const claims = data!.claims as Record<string, unknown>
    expect(claims).toEqual(claimsOf(session.access_token))
    expect(Object.keys(claims).sort()).toEqual(
      ['aal', 'amr', 'app_metadata', 'aud', 'email', 'exp', 'iat', 'is_anonymous', 'phone', 'role', 'session_id',
        'sub', 'user_metadata'].sort(),
    )
    expect(claims).toMatchObject({
      sub: userId,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { email_verified: true },
    })
    expect(claims.amr).toEqual([{ method: 'password', timestamp: anyNumber() }])
    expect(claims.exp).toBe((claims.iat as number) + 3600)
  })
})

contractTest()
