import { expect, type Page } from '@playwright/test'

// Accounts for e2e journeys through the real sign-up form and mail (e2e/signed-in.ts makes them without it).

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

/** Signs out from the header's account menu and waits for /login?t=. */
export async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login\?t=\d+$/)
}
