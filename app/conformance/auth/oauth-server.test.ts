/**
 * The OAuth 2.1 server (GOTRUE_OAUTH_SERVER_ENABLED: the second server only; the product leaves it off):
 * supabase-js's admin.oauth client registry, the authorization-code flow with PKCE as a third-party app
 * runs it (GET /oauth/authorize, the consent page's getAuthorizationDetails / approveAuthorization /
 * denyAuthorization, POST /oauth/token), the user's grants, and upstream's 4xx for bad input. Where
 * the local Auth is stricter than upstream (issue 35: an app's token cannot change how the account signs
 * in, revoking a grant takes its unexchanged codes, redirect URIs are a list nothing is smuggled into),
 * the last two tests say so.
 */
import { createHash, randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { adminClient, claimsOf, expectApiError, featuresClient, signedInUser } from './support/clients'
import { contractTest } from './support/contract'
import { authRoot, featuresUrl, keys } from './support/env'
import { featuresServer, recordingFetch } from './support/http'

const REDIRECT = 'http://localhost:4321/callback'
const admin = () => adminClient(featuresServer).auth.admin.oauth
const onWire = recordingFetch(undefined, featuresServer)

function pkce() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** What the third-party app sends the browser to; returns the authorization id in the consent URL. */
async function authorize(clientId: string, challenge: string, state = 'st-1'): Promise<string> {
  const query = new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code',
    scope: 'openid email', state, code_challenge: challenge, code_challenge_method: 'S256' })
  const response = await onWire(`${featuresUrl}/oauth/authorize?${query}`, { redirect: 'manual' })
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get('location')!)
  expect(location.pathname).toBe('/oauth/consent')
  return location.searchParams.get('authorization_id')!
}

async function exchange(body: Record<string, string>) {
  const response = await onWire(`${featuresUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  })
  return { status: response.status, body: (await response.json()) as Record<string, string> }
}

describe('admin.oauth: the client registry', () => {
  it('create, list, get, update, regenerate the secret, delete', async () => {
    const created = await admin().createClient({ client_name: 'Conformance app', redirect_uris: [REDIRECT] })
    expect(created.error).toBeNull()
    const client = created.data!
    expect(client).toMatchObject({ client_type: 'confidential', token_endpoint_auth_method: 'client_secret_basic',
      registration_type: 'manual', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] })
    expect(client.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const listed = await admin().listClients()
    expect(listed.data.clients.map((c) => c.client_id)).toContain(client.client_id)
    expect((await admin().getClient(client.client_id)).data).not.toHaveProperty('client_secret')
    const updated = await admin().updateClient(client.client_id, { client_name: 'Renamed app' })
    expect(updated.data!.client_name).toBe('Renamed app')
    const regenerated = await admin().regenerateClientSecret(client.client_id)
    expect(regenerated.data!.client_secret).not.toBe(client.client_secret)
    expect((await admin().deleteClient(client.client_id)).error).toBeNull()
    expectApiError((await admin().getClient(client.client_id)).error, 'oauth_client_not_found', 404)
  })

  it('malformed payloads are 400 and register nothing; the product has no such routes', async () => {
    const before = (await admin().listClients()).data.clients?.length ?? 0
    expectApiError((await admin().createClient({ redirect_uris: [] } as never)).error, 'validation_failed', 400)
    expectApiError((await admin().createClient({ redirect_uris: 'x' } as never)).error, 'bad_json', 400)
    const insecure = await admin().createClient({ client_name: 'x', redirect_uris: ['http://evil.example.com/cb'] })
    expectApiError(insecure.error, 'validation_failed', 400)
    expect(insecure.error!.message).toBe("invalid redirect_uri 'http://evil.example.com/cb': HTTP scheme only allowed for localhost")
    expect((await admin().listClients()).data.clients?.length ?? 0).toBe(before)
    const product = await recordingFetch()(`${authRoot}/admin/oauth/clients`, {
      headers: { apikey: keys().serviceRole, authorization: `Bearer ${keys().serviceRole}` },
    })
    expect(product.status).toBe(404)
  })
})

describe('the authorization-code flow with PKCE', () => {
  it('consent, code exchange for tokens naming the client, refresh, one exchange per code', async () => {
    const app = (await admin().createClient({ client_name: 'Public app', redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none' })).data!
    const { client, email, userId } = await signedInUser('pkce', featuresServer)
    const { verifier, challenge } = pkce()
    const authorizationId = await authorize(app.client_id, challenge)
    const details = await client.auth.oauth.getAuthorizationDetails(authorizationId)
    expect(details.error).toBeNull()
    expect(details.data).toMatchObject({ authorization_id: authorizationId, scope: 'openid email',
      client: { id: app.client_id, name: 'Public app' }, user: { id: userId, email } })
    const approved = await client.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true })
    const redirect = new URL(approved.data!.redirect_url)
    expect(redirect.searchParams.get('state')).toBe('st-1')
    const code = redirect.searchParams.get('code')!
    const form = { grant_type: 'authorization_code', code, client_id: app.client_id, redirect_uri: REDIRECT }
    expect((await exchange({ ...form, code_verifier: 'x'.repeat(43) })).body.error).toBe('invalid_grant')
    const tokens = await exchange({ ...form, code_verifier: verifier })
    expect(tokens.status).toBe(200)
    expect(claimsOf(tokens.body.access_token)).toMatchObject({ sub: userId, client_id: app.client_id, scope: 'openid email' })
    expect(await exchange({ ...form, code_verifier: verifier })).toEqual({
      status: 400, body: { error: 'invalid_grant', error_description: 'Invalid authorization code' } })
    const refreshed = await exchange({ grant_type: 'refresh_token', client_id: app.client_id,
      refresh_token: tokens.body.refresh_token })
    expect(refreshed.status).toBe(200)
    expect((await exchange({ grant_type: 'password', client_id: app.client_id })).body.error).toBe('unsupported_grant_type')

    const grants = await client.auth.oauth.listGrants()
    expect(grants.data!.map((g) => [g.client.id, g.scopes])).toEqual([[app.client_id, ['openid', 'email']]])
    expect((await client.auth.oauth.revokeGrant({ clientId: app.client_id })).error).toBeNull()
    expect((await client.auth.oauth.listGrants()).data).toEqual([])
    expect((await exchange({ grant_type: 'refresh_token', client_id: app.client_id,
      refresh_token: refreshed.body.refresh_token })).status).toBe(400)
  })

  it('a denied request sends the app access_denied; it cannot be approved afterwards', async () => {
    const app = (await admin().createClient({ client_name: 'Denied app', redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none' })).data!
    const { client } = await signedInUser('pkce', featuresServer)
    const authorizationId = await authorize(app.client_id, pkce().challenge, 'st-2')
    expect((await client.auth.oauth.getAuthorizationDetails(authorizationId)).error).toBeNull()
    const denied = await client.auth.oauth.denyAuthorization(authorizationId, { skipBrowserRedirect: true })
    const redirect = new URL(denied.data!.redirect_url)
    expect([redirect.searchParams.get('error'), redirect.searchParams.get('state')]).toEqual(['access_denied', 'st-2'])
    const late = await client.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true })
    expectApiError(late.error, 'validation_failed', 400)
  })
})

describe('what an app may not do (stricter than upstream v2.186.0)', () => {
  it("an app's token reads the user but cannot change the password, the e-mail or the factors; revoking the grant takes the codes not yet exchanged", async () => {
    const app = (await admin().createClient({ client_name: 'Limited app', redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none' })).data!
    const { client, userId } = await signedInUser('pkce', featuresServer)
    const approvedCode = async (challenge: string) => {
      const authorizationId = await authorize(app.client_id, challenge)
      const details = (await client.auth.oauth.getAuthorizationDetails(authorizationId)).data!
      const url = 'redirect_url' in details ? details.redirect_url  // consent given before: approved at once
        : (await client.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true })).data!.redirect_url
      return new URL(url).searchParams.get('code')!
    }
    const first = pkce()
    const tokens = await exchange({ grant_type: 'authorization_code', code: await approvedCode(first.challenge),
      client_id: app.client_id, redirect_uri: REDIRECT, code_verifier: first.verifier })
    expect(tokens.status).toBe(200)

    const asApp = featuresClient()
    expect((await asApp.auth.setSession({ access_token: tokens.body.access_token, refresh_token: tokens.body.refresh_token })).error).toBeNull()
    expect((await asApp.auth.getUser()).data.user!.id).toBe(userId)
    expect((await asApp.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull()
    for (const change of [{ password: 'a brand new password 1' }, { email: 'thief@example.com' }]) {
      const refused = await asApp.auth.updateUser(change)
      expectApiError(refused.error, 'no_authorization', 403)
      expect(refused.error!.message).toBe('OAuth client not allowed to perform these actions')
    }
    expectApiError((await asApp.auth.mfa.enroll({ factorType: 'totp' })).error, 'no_authorization', 403)
    const own = await client.auth.mfa.enroll({ factorType: 'totp' })
    expect(own.error).toBeNull()
    expectApiError((await asApp.auth.mfa.unenroll({ factorId: own.data!.id })).error, 'no_authorization', 403)

    const second = pkce()
    const pending = await approvedCode(second.challenge)
    expect((await client.auth.oauth.revokeGrant({ clientId: app.client_id })).error).toBeNull()
    expect(await exchange({ grant_type: 'authorization_code', code: pending, client_id: app.client_id,
      redirect_uri: REDIRECT, code_verifier: second.verifier })).toEqual({
      status: 400, body: { error: 'invalid_grant', error_description: 'Invalid authorization code' } })
  })

  it("a redirect URI holding another is refused, and the consent page's links are http or https", async () => {
    const before = (await admin().listClients()).data.clients?.length ?? 0
    const uri = 'https://ok.example/x,http://evil.example/'
    const smuggled = await admin().createClient({ client_name: 'Smuggler', redirect_uris: [uri] })
    expectApiError(smuggled.error, 'validation_failed', 400)
    expect(smuggled.error!.message).toBe(`invalid redirect_uri '${uri}': a redirect URI cannot contain a comma`)
    const script = await admin().createClient({ client_name: 'Scripted', redirect_uris: [REDIRECT],
      logo_uri: 'javascript:alert(document.cookie)' })
    expectApiError(script.error, 'validation_failed', 400)
    expect(script.error!.message).toBe('logo_uri must be a valid http or https URL')
    expect((await admin().listClients()).data.clients?.length ?? 0).toBe(before)
  })
})

contractTest()
