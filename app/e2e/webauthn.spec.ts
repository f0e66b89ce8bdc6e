import { expect, test, type Page } from '@playwright/test'

import { newAccount, PASSWORD } from './accounts'
import { required } from './stack-env'

// WebAuthn factors against the test stack's second Auth (the official switches on; the product keeps
// them off), with Chromium's virtual authenticator standing in for a security key: the browser creates
// and uses a real credential, Auth checks it (py_webauthn) and raises the session to aal2.

const auth = () => required('TOOLKIT_AUTH_FEATURES_URL')
const origin = () => new URL(required('E2E_BASE_URL')).origin
const RP = () => ({ rpId: new URL(origin()).hostname, rpOrigins: [origin()] })

/** What this spec reads of Auth's answers (each call's answer has its own part of it). */
interface AuthAnswer {
  access_token?: string
  id?: string
  webauthn?: { type: string; credential_options: { publicKey: unknown } }
}

async function call(path: string, token: string, body?: unknown): Promise<{ status: number; body: AuthAnswer }> {
  const response = await fetch(`${auth()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, apikey: required('TOOLKIT_ANON_KEY'), 'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as AuthAnswer }
}

async function signedIn(email: string): Promise<string> {
  const { status, body } = await call('/token?grant_type=password', required('TOOLKIT_ANON_KEY'), { email, password: PASSWORD })
  expect(status, JSON.stringify(body)).toBe(200)
  if (!body.access_token) throw new Error('Auth answered the sign-in without an access token')
  return body.access_token
}

const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>

/** A page on the site's origin (the relying party) with a virtual authenticator attached. */
async function ceremonyPage(page: Page): Promise<void> {
  await page.route(`${origin()}/webauthn-ceremony`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>WebAuthn ceremony</title>' }))
  await page.goto(`${origin()}/webauthn-ceremony`)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true,
      isUserVerified: true, automaticPresenceSimulation: true },
  })
}

function browserCredential(page: Page, kind: 'create' | 'get', options: unknown) {
  return page.evaluate(async ([kind, options]) => {
    const PKC = PublicKeyCredential as unknown as {
      parseCreationOptionsFromJSON(o: unknown): PublicKeyCredentialCreationOptions
      parseRequestOptionsFromJSON(o: unknown): PublicKeyCredentialRequestOptions
    }
    const credential = kind === 'create'
      ? await navigator.credentials.create({ publicKey: PKC.parseCreationOptionsFromJSON(options) })
      : await navigator.credentials.get({ publicKey: PKC.parseRequestOptionsFromJSON(options) })
    return (credential as unknown as { toJSON(): unknown }).toJSON()
  }, [kind, options] as const)
}

test('a security key (Chromium virtual authenticator) is enrolled and then signs in to aal2', async ({ page }) => {
  const { email } = newAccount()
  const key = required('TOOLKIT_SERVICE_ROLE_KEY')
  const created = await fetch(`${auth()}/admin/users`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
  })
  expect(created.status).toBe(200)
  await ceremonyPage(page)

  const token = await signedIn(email)
  const factor = await call('/factors', token, { factor_type: 'webauthn', friendly_name: 'Virtual key' })
  expect(factor.status).toBe(200)
  const registration = await call(`/factors/${factor.body.id}/challenge`, token, { webauthn: RP() })
  expect(registration.body.webauthn?.type).toBe('create')
  const attestation = await browserCredential(page, 'create', registration.body.webauthn?.credential_options.publicKey)
  const enrolled = await call(`/factors/${factor.body.id}/verify`, token, {
    challenge_id: registration.body.id, webauthn: { ...RP(), type: 'create', credential_response: attestation } })
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200)
  expect(claims(enrolled.body.access_token ?? '').aal).toBe('aal2')

  // Next time: the password gives aal1, the key (an assertion) aal2.
  const later = await signedIn(email)
  expect(claims(later).aal).toBe('aal1')
  const login = await call(`/factors/${factor.body.id}/challenge`, later, { webauthn: RP() })
  expect(login.body.webauthn?.type).toBe('request')
  const assertion = await browserCredential(page, 'get', login.body.webauthn?.credential_options.publicKey)
  // The registration's attestation is no answer to a sign-in challenge.
  const wrong = await call(`/factors/${factor.body.id}/verify`, later, {
    challenge_id: login.body.id, webauthn: { ...RP(), type: 'request', credential_response: attestation } })
  expect(wrong.status).toBe(400)
  const signed = await call(`/factors/${factor.body.id}/verify`, later, {
    challenge_id: login.body.id, webauthn: { ...RP(), type: 'request', credential_response: assertion } })
  expect(signed.status, JSON.stringify(signed.body)).toBe(200)
  const amr = (claims(signed.body.access_token ?? '').amr as { method: string }[]).map((a) => a.method)
  expect([claims(signed.body.access_token ?? '').aal, amr.includes('mfa/webauthn')]).toEqual(['aal2', true])
  // The challenge was used up.
  const again = await call(`/factors/${factor.body.id}/verify`, later, {
    challenge_id: login.body.id, webauthn: { ...RP(), type: 'request', credential_response: assertion } })
  expect(again.status).toBe(422)
})
