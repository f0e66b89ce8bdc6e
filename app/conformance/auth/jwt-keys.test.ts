/**
 * GOTRUE_JWT_KEYS and GOTRUE_JWT_VALIDMETHODS. The second server signs with an ES256 key only and lists
 * HS256 as valid: tokens signed HS256 with the legacy JWT secret (the anon and service-role keys, or a
 * user's) still verify beside ES256 ones, as on a Supabase project that moved to asymmetric keys
 * (upstream: parseJWTClaims in internal/api/auth.go, FindPublicKeyByKid in internal/conf/jwk.go).
 */
import { createHmac, generateKeyPairSync, sign } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { adminClient, claimsOf, expectApiError, signedInUser } from './support/clients'
import { contractTest } from './support/contract'
import { featuresUrl, keys } from './support/env'
import { featuresServer, mainServer, recordingFetch } from './support/http'

const secret = process.env.AUTH_CONFORMANCE_JWT_SECRET ?? process.env.TOOLKIT_JWT_SECRET
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

function hs256(claims: object, header: object = {}): string {
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT', ...header })}.${part(claims)}`
  return `${unsigned}.${createHmac('sha256', secret!).update(unsigned).digest('base64url')}`
}

function rs256(claims: object): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT', kid: 'unknown-rsa' })}.${part(claims)}`
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url')}`
}

/** The user's own claims, re-signed another way. */
function userClaims(accessToken: string): object {
  const { sub, aud, role, email, session_id: sessionId } = claimsOf(accessToken)
  return { sub, aud, role, email, session_id: sessionId, exp: Math.floor(Date.now() / 1000) + 600 }
}

describe('legacy HS256 beside an ES256 signing key', () => {
  it('the second server publishes only its ES256 key, and signs ES256', async () => {
    const response = await recordingFetch(undefined, featuresServer)(`${featuresUrl}/.well-known/jwks.json`)
    const { keys: published } = (await response.json()) as { keys: { kty: string; alg: string }[] }
    expect(published.map((k) => [k.kty, k.alg])).toEqual([['EC', 'ES256']])
    const { session } = await signedInUser('pkce', featuresServer)
    expect(JSON.parse(Buffer.from(session.access_token.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'ES256' })
  })

  it('the HS256 anon and service-role keys are valid there because HS256 is listed', async () => {
    expect(secret, 'TOOLKIT_JWT_SECRET').toBeTruthy()
    const listed = await adminClient(featuresServer).auth.admin.listUsers({ perPage: 1 })
    expect(listed.error).toBeNull()
    expect(claimsOf(keys().serviceRole).role).toBe('service_role')
  })

  it("a user's HS256 token signed with the legacy secret verifies like its ES256 one", async () => {
    const { client, session, userId } = await signedInUser('pkce', featuresServer)
    const legacy = hs256(userClaims(session.access_token))
    const { data, error } = await client.auth.getUser(legacy)
    expect(error).toBeNull()
    expect(data.user!.id).toBe(userId)
    // A token signed with another secret is refused.
    const forged = `${legacy.split('.').slice(0, 2).join('.')}.${createHmac('sha256', 'another-secret-for-sure-32-chars').update('x').digest('base64url')}`
    expectApiError((await client.auth.getUser(forged)).error, 'bad_jwt', 403)
  })

  it('an algorithm that is not listed is refused, whatever the key', async () => {
    const { client, session } = await signedInUser('pkce', featuresServer)
    const { error } = await client.auth.getUser(rs256(userClaims(session.access_token)))
    expectApiError(error, 'bad_jwt', 403)
    expect(error!.message).toBe('invalid JWT: unable to parse or verify signature, token signature is invalid: signing method RS256 is invalid')
  })
})

describe('the product: the legacy secret is a verify-only key in GOTRUE_JWT_KEYS', () => {
  it('an HS256 token naming the legacy key, or no key, verifies; ES256 is what it signs', async () => {
    const { client, session, userId } = await signedInUser('pkce', mainServer)
    for (const header of [{ kid: 'legacy-hs256' }, {}]) {
      const { data, error } = await client.auth.getUser(hs256(userClaims(session.access_token), header))
      expect(error).toBeNull()
      expect(data.user!.id).toBe(userId)
    }
  })
})

contractTest()
