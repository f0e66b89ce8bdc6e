import { expect, type Browser, type Page } from '@playwright/test'
import pg from 'pg'
import { PASSWORD, newAccount, signIn } from './accounts'
import { required } from './stack-env'

// Accounts for the admin journeys, made the way an operator makes them on a real project: the user
// through Auth's admin API with the service-role key, the first admin by a row in user_roles
// written as service_role. Nothing in the product offers a shortcut.

export interface TestUser {
  id: string
  email: string
}

/** A confirmed user with the shared e2e password; `overrides` for long names in layout checks. */
export async function createUser(overrides: { email?: string; username?: string } = {}): Promise<TestUser> {
  const account = { ...newAccount(), ...overrides }
  const key = required('TOOLKIT_SERVICE_ROLE_KEY')
  const response = await fetch(`${required('E2E_BASE_URL')}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: PASSWORD, email_confirm: true, user_metadata: { username: account.username } }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
  const { id } = (await response.json()) as { id: string }
  return { id, email: account.email }
}

async function asServiceRole(sql: string, params: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: required('TOOLKIT_DATABASE_URL') })
  await client.connect()
  try {
    await client.query('begin')
    await client.query('set local role service_role')
    await client.query(sql, params)
    await client.query('commit')
  } finally {
    await client.end()
  }
}

export async function makeAdmin(user: TestUser): Promise<void> {
  await asServiceRole('insert into public.user_roles (user_id) values ($1) on conflict do nothing', [user.id])
}

/** Leaves `user` the only administrator (it runs alone, last: see playwright.config.ts). */
export async function makeOnlyAdmin(user: TestUser): Promise<void> {
  await makeAdmin(user)
  await asServiceRole('delete from public.user_roles where user_id <> $1', [user.id])
}

/** A page of its own browser context, signed in as `user` and on the dashboard. */
export async function signedInPage(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto('/login')
  await signIn(page, user.email, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
  return page
}

const ADMIN_LISTS = {
  users: { title: 'Users', path: '/api/admin/users' },
  pastes: { title: 'Public pastes', path: '/api/admin/pastes' },
  links: { title: 'Short links', path: '/api/admin/links' },
} as const

/**
 * Searches one of /admin's lists as an admin does, and waits for the answer. Until it arrives the list
 * still shows the newest items, which often hold the one searched for (it was just made): an action
 * on that list can be undone by the search's answer if the server read it before the action (seen
 * once: a deleted short link listed again, its "No short link matches" never shown).
 */
export async function searchAdminList(admin: Page, list: keyof typeof ADMIN_LISTS, query: string, submit: 'click' | 'Enter' = 'click'): Promise<void> {
  const { title, path } = ADMIN_LISTS[list]
  const form = admin.getByRole('search', { name: title, exact: true })
  await form.getByLabel(`Search ${title.toLowerCase()}`).fill(query)
  const answered = admin.waitForResponse((response) => {
    const url = new URL(response.url())
    return url.pathname === path && url.searchParams.get('q') === query
  })
  const button = form.getByRole('button', { name: 'Search' })
  await (submit === 'Enter' ? button.press('Enter') : button.click())
  expect((await answered).status()).toBe(200)
}

/** The admin page's user search, as an admin types it, answered. */
export async function searchUsers(admin: Page, email: string): Promise<void> {
  await searchAdminList(admin, 'users', email)
}

/** What a browser does when the user comes back to a tab: the app re-checks on focus. */
export async function returnToTab(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
}
