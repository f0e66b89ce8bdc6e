import { expect, type Page } from '@playwright/test'
import { confirmationLink } from './mail'

// Accounts for e2e journeys: each test makes its own through the real sign-up and mail.

export const PASSWORD = 'correct horse battery'

export function newAccount() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
  return { email: `e2e-${id}@example.com`, username: `e2e_${id}` }
}

export async function signUp(page: Page, account: { email: string; username: string }) {
  await page.goto('/login')
  await page.getByRole('tab', { name: 'Create account' }).click()
  await page.getByLabel('Username').fill(account.username)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(page.getByText(account.email)).toBeVisible()
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** A confirmed account, signed in on the dashboard. */
export async function signedUpAndIn(page: Page) {
  const account = newAccount()
  await signUp(page, account)
  await page.goto(await confirmationLink(account.email))
  // Several hops (Auth's /verify, the code exchange on /login, the dashboard's chunk): on a busy
  // machine they take longer than one default expect.
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible({ timeout: 15_000 })
  return account
}

/** Signs out from the header's account menu and waits for /login?t=. */
export async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login\?t=\d+$/)
}
