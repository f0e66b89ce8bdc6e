/**
 * What the offline configuration answers for third-party identities: manual linking is off and no OAuth or
 * OIDC provider is enabled (GET /user/identities/authorize, DELETE /user/identities/{id}, GET /authorize,
 * POST /token?grant_type=id_token).
 */
import { describe, expect, it } from 'vitest'

import { expectApiError, redirectTo, signedInUser, userClient } from './support/clients'
import { contractTest } from './support/contract'
import { clientAuthRoot } from './support/env'
import { recordingFetch } from './support/http'

describe('identities', () => {
  it('linkIdentity is manual_linking_disabled', async () => {
    const { client } = await signedInUser()
    const { error } = await client.auth.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } })
    expectApiError(error, 'manual_linking_disabled', 404)
  })

  it('unlinkIdentity of the only identity is manual_linking_disabled', async () => {
    const { client } = await signedInUser()
    const { data } = await client.auth.getUserIdentities()
    expect(data!.identities).toHaveLength(1)
    expectApiError((await client.auth.unlinkIdentity(data!.identities[0])).error, 'manual_linking_disabled', 404)
  })

  it('signInWithIdToken is provider_disabled', async () => {
    const { error } = await userClient().auth.signInWithIdToken({ provider: 'google', token: 'not.a.token' })
    expectApiError(error, 'provider_disabled', 400)
    expect(error!.message).toBe('Provider (issuer "https://accounts.google.com") is not enabled')
  })

  it('signInWithOAuth: the authorize URL the browser opens answers validation_failed (provider not enabled)', async () => {
    const client = userClient()
    const { data, error } = await client.auth.signInWithOAuth({
      provider: 'github',
      options: { skipBrowserRedirect: true, redirectTo: redirectTo() },
    })
    expect(error).toBeNull()
    expect(data.url!.startsWith(`${clientAuthRoot}/authorize?provider=github&redirect_to=`)).toBe(true)
    // The browser opens the URL itself: no apikey header (the gateway leaves /authorize open).
    const response = await recordingFetch()(data.url!, { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    })
  })
})

contractTest()
