import { expect, type Page } from '@playwright/test'
import { PASSWORD } from './accounts'
import type { TestUser } from './admin-accounts'
import { required } from './stack-env'
import { totp } from './totp'

// Two-step verification set up through Auth's own API (as /account does it), and the access token a
// signed-in page holds, so a test can call the BFF with it directly, as an attacker would.

function stackUrl(path: string): string {
  return `${required('E2E_BASE_URL')}${path}`
}

async function auth(path: string, token: string | null, body?: unknown): Promise<Record<string, unknown>> {
  const key = required('TOOLKIT_SERVICE_ROLE_KEY')
  const response = await fetch(stackUrl(`/auth/v1${path}`), {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  })
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200)
  return (await response.json()) as Record<string, unknown>
}

/** Enrols and verifies a TOTP factor for `user`; returns its secret. */
export async function turnOnTwoStep(user: TestUser): Promise<string> {
  const session = await auth('/token?grant_type=password', null, { email: user.email, password: PASSWORD })
  const token = session.access_token as string
  const factor = await auth('/factors', token, { factor_type: 'totp', friendly_name: 'Phone' })
  const secret = (factor.totp as { secret: string }).secret
  const challenge = await auth(`/factors/${factor.id as string}/challenge`, token)
  await auth(`/factors/${factor.id as string}/verify`, token, { challenge_id: challenge.id, code: totp(secret) })
  return secret
}

/** A code for the next 30-second step: Auth takes it now, and it is not the one turnOnTwoStep used. */
export function nextCode(secret: string): string {
  return totp(secret, Date.now() + 30_000)
}

/** The access token supabase-js keeps for the signed-in page. */
export async function pageAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name))
    return key ? ((JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? null) : null
  })
  expect(token, 'the page holds a session').toBeTruthy()
  return token!
}
