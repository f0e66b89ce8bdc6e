import { expect, test } from '@playwright/test'
import { PASSWORD, signIn, signOutFromMenu } from './accounts'
import { signedInNewUser } from './signed-in'
import { expectNoSeriousAxeViolations } from './support'

// SPEC §4 protected routes, driven by the tool registry's requiresAuth and the list of account pages.

test('a signed-out visitor of /converter is sent to sign in', async ({ page }) => {
  await page.goto('/converter')
  await expect(page).toHaveURL(/\/login\?next=%2Fconverter$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
})

test('a protected page sends a signed-out visitor to sign in and back where they were', async ({ page }) => {
  const account = await signedInNewUser(page)
  await page.goto('/dashboard')
  await signOutFromMenu(page)

  await page.goto('/account?tab=profile')
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%3Ftab%3Dprofile$/)
  await signIn(page, account.email, PASSWORD)
  await expect(page).toHaveURL(/\/account\?tab=profile$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()

  // Signing out on /account (SPEC §4 list) ends on /login?t=, and /translator needs signing in again.
  await signOutFromMenu(page)
  await page.goto('/translator')
  await expect(page).toHaveURL(/\/login\?next=%2Ftranslator$/)
  await signIn(page, account.email, PASSWORD)
  await expect(page).toHaveURL(/\/translator$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Translator' })).toBeVisible()
})

test.describe('light theme', () => {
  test.use({ colorScheme: 'light' })

  test('error and success toasts have enough contrast while they show', async ({ page }) => {
    await page.goto('/login')
    await signIn(page, 'nobody-here@example.com', 'not the password')
    await expect(page.getByText('Wrong email or password')).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })
})
