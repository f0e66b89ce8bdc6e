/**
 * What needs a service out of reach of this stack — a SAML identity provider, OAuth providers on the
 * internet, web3 wallets, and SMS where no provider is configured (the second server; the product texts
 * the stack's SMS capture) — answers with the official "disabled" errors, and GET /settings says so;
 * unknown grant types are unsupported_grant_type. (Read from v2.186.0: internal/api/settings.go,
 * middleware.go requireSAMLEnabled, web3.go, otp.go, signup.go, token.go, external.go.)
 */
import type { Provider } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'

import { expectApiError, featuresClient, newEmail, PASSWORD, redirectTo, signedInUser, userClient } from './support/clients'
import { contractTest } from './support/contract'
import { authRoot, featuresUrl, keys } from './support/env'
import { featuresServer, newClientAddress, recordingFetch } from './support/http'

const PHONE = '+15555550123'
// Every OAuth/OIDC provider supabase-js can name and upstream knows.
const OAUTH_PROVIDERS: Provider[] = ['apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github',
  'gitlab', 'google', 'kakao', 'keycloak', 'linkedin', 'linkedin_oidc', 'notion', 'slack', 'slack_oidc', 'spotify',
  'twitch', 'twitter', 'workos', 'zoom']

async function settingsOf(root: string, target = undefined as typeof featuresServer | undefined) {
  const response = await recordingFetch(undefined, target)(`${root}/settings`, { headers: { apikey: keys().anon } })
  expect(response.status).toBe(200)
  return (await response.json()) as { external: Record<string, boolean>; saml_enabled: boolean; sms_provider: string }
}

describe('GET /settings tells the truth', () => {
  it('the product: email, and phone through the SMS channel; SAML, every OAuth provider and anonymous sign-ins off', async () => {
    const settings = await settingsOf(authRoot)
    expect(Object.entries(settings.external).filter(([, on]) => on)).toEqual([['email', true], ['phone', true]])
    expect(settings).toMatchObject({ saml_enabled: false, sms_provider: 'twilio', phone_autoconfirm: false })
  })

  it('the second server reports anonymous sign-ins, which it serves', async () => {
    const settings = await settingsOf(featuresUrl, featuresServer)
    expect(Object.entries(settings.external).filter(([, on]) => on).map(([name]) => name).sort()).toEqual([
      'anonymous_users',
      'email',
    ])
  })
})

describe('without an SMS provider, phone sign-ins answer phone_provider_disabled', () => {
  it('signUp, signInWithPassword, signInWithOtp and resend with a phone number (the second server)', async () => {
    const client = featuresClient()
    expectApiError((await client.auth.signUp({ phone: PHONE, password: PASSWORD })).error, 'phone_provider_disabled', 400)
    expectApiError(
      (await client.auth.signInWithPassword({ phone: PHONE, password: PASSWORD })).error,
      'phone_provider_disabled',
      422,
    )
    const otp = await client.auth.signInWithOtp({ phone: PHONE })
    expectApiError(otp.error, 'phone_provider_disabled', 400)
    expect(otp.error!.message).toBe('Unsupported phone provider')
    expectApiError((await client.auth.resend({ type: 'sms', phone: PHONE })).error, 'phone_provider_disabled', 400)
    // No phone code can exist: verifying one is the usual otp_expired.
    expectApiError((await client.auth.verifyOtp({ phone: PHONE, token: '123456', type: 'sms' })).error, 'otp_expired', 403)
  })

  it('a phone factor cannot be enrolled', async () => {
    const { client } = await signedInUser()
    const { error } = await client.auth.mfa.enroll({ factorType: 'phone', phone: PHONE })
    expectApiError(error, 'mfa_phone_enroll_not_enabled', 422)
  })
})

describe('SSO and web3 answer their disabled errors', () => {
  it('signInWithSSO is 404 saml_provider_disabled, by domain or by provider id', async () => {
    const client = userClient()
    const byDomain = await client.auth.signInWithSSO({ domain: 'example.com', options: { redirectTo: redirectTo() } })
    expectApiError(byDomain.error, 'saml_provider_disabled', 404)
    expect(byDomain.error!.message).toBe('SAML 2.0 is disabled')
    const byId = await client.auth.signInWithSSO({ providerId: '8a3f8a5e-6f0f-4f1e-9b4b-9a6a4b9e2c11' })
    expectApiError(byId.error, 'saml_provider_disabled', 404)
  })

  it('signInWithWeb3 is 422 web3_provider_disabled for both chains', async () => {
    const client = userClient()
    const message = 'localhost wants you to sign in with your account'
    const ethereum = await client.auth.signInWithWeb3({ chain: 'ethereum', message, signature: `0x${'00'.repeat(65)}` })
    const solana = await client.auth.signInWithWeb3({ chain: 'solana', message, signature: new Uint8Array(64) })
    for (const { error } of [ethereum, solana]) {
      expectApiError(error, 'web3_provider_disabled', 422)
      expect(error!.message).toBe('Web3 provider is disabled')
    }
  })
})

describe('OAuth and OIDC providers', () => {
  it('every provider supabase-js offers: the authorize URL answers "provider is not enabled"', async () => {
    const client = userClient()
    for (const provider of OAUTH_PROVIDERS) {
      const { data } = await client.auth.signInWithOAuth({ provider, options: { skipBrowserRedirect: true } })
      const response = await recordingFetch()(data.url!, { redirect: 'manual' })
      const body: unknown = await response.json()
      expect({ provider, status: response.status, body }).toEqual({
        provider,
        status: 400,
        body: { code: 400, error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' },
      })
    }
  })

  it('signInWithIdToken for each built-in OIDC provider is provider_disabled', async () => {
    const client = userClient()
    for (const provider of ['apple', 'google', 'facebook', 'kakao', 'keycloak', 'azure'] as const) {
      const { error } = await client.auth.signInWithIdToken({ provider, token: 'a.b.c' })
      expectApiError(error, 'provider_disabled', 400)
    }
  })
})

describe('grant types', () => {
  it('an unknown grant type is 400 invalid_credentials "unsupported_grant_type" and signs nobody in', async () => {
    const email = newEmail()
    for (const grant of ['client_credentials', 'authorization_code', 'passwrd', '']) {
      const response = await recordingFetch()(`${authRoot}/token?grant_type=${grant}`, {
        method: 'POST',
        headers: { apikey: keys().anon, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email, password: PASSWORD }),
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' })
    }
  })

  it('anonymous sign-ins are off in the product: signInAnonymously is anonymous_provider_disabled', async () => {
    const { error } = await userClient().auth.signInAnonymously()
    expectApiError(error, 'anonymous_provider_disabled', 422)
    // The second server has them on; the same call works there.
    expect((await featuresClient('pkce', newClientAddress()).auth.signInAnonymously()).error).toBeNull()
  })
})

contractTest()
