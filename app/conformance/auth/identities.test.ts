/**
 * What the offline configuration answers for third-party identities: manual linking is off and no OAuth or
 * OIDC provider is enabled (GET /user/identities/authorize, DELETE /user/identities/{id}, GET /authorize,
 * POST /token?grant_type=id_token).
 */
import { describe, expect, it } from 'vitest'

import { expectApiError, signedInUser, userClient } from './support/clients'
import { contractTest } from './support/contract'
import { authRoot, keys } from './support/env'
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

  it('the OAuth authorize URL answers validation_failed for a disabled provider', async () => {
    const response = await recordingFetch()(`${authRoot}/authorize?provider=github`, {
      headers: { apikey: keys().anon },
      redirect: 'manual',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' })
  })
})

contractTest()
