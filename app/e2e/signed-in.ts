import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { PASSWORD } from './accounts'
import { createUser, type TestUser } from './admin-accounts'
import { required } from './stack-env'

// A signed-in browser without the sign-in form: Auth's password grant, and the session put where
// supabase-js keeps it (its default key, sb-<first label of the host>-auth-token), as a storage
// state. Journeys that are not about signing in start here and save the form's seconds.

export async function passwordSession(user: TestUser): Promise<Record<string, unknown>> {
  const key = required('TOOLKIT_ANON_KEY')
  const response = await fetch(`${required('E2E_BASE_URL')}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: PASSWORD }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as Record<string, unknown>
}

/** What the app keeps in localStorage for a signed-in session: supabase-js's own key, and the SPEC §3
 * keys the app writes on sign-in, which tell it at start that someone is signed in. */
function sessionItems(session: Record<string, unknown>): { name: string; value: string }[] {
  const storageKey = `sb-${new URL(required('E2E_BASE_URL')).hostname.split('.')[0]}-auth-token`
  return [
    { name: storageKey, value: JSON.stringify(session) },
    { name: 'auth_token', value: JSON.stringify(session.access_token) },
    { name: 'refresh_token', value: JSON.stringify(session.refresh_token) },
    { name: 'session_expiry', value: JSON.stringify(Number(session.expires_at) * 1000) },
    { name: 'user_data', value: JSON.stringify(session.user) },
  ]
}

export async function signedInContext(browser: Browser, user: TestUser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const session = await passwordSession(user)
  return browser.newContext({
    ...options,
    storageState: { cookies: [], origins: [{ origin: new URL(required('E2E_BASE_URL')).origin, localStorage: sessionItems(session) }] },
  })
}

/**
 * A new confirmed user (Auth's admin API), signed in on `page` before the test opens anything: for
 * journeys that are not about signing up, which e2e/auth.spec.ts goes through with the form and the
 * mail. The session is written from the site's icon, a same-origin document that loads no app.
 */
export async function signedInNewUser(page: Page): Promise<TestUser> {
  const user = await createUser()
  const items = sessionItems(await passwordSession(user))
  await page.goto('/favicon.svg')
  await page.evaluate((entries) => entries.forEach(({ name, value }) => localStorage.setItem(name, value)), items)
  return user
}

/** A signed-in page of its own context. */
export async function signedInAs(browser: Browser, user: TestUser, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  return (await signedInContext(browser, user, options)).newPage()
}
