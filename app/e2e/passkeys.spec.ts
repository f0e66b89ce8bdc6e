import { expect, test, type Page } from '@playwright/test'

import { PASSWORD, signIn, signOutFromMenu } from './accounts'
import { createUser } from './admin-accounts'

// Passkeys as a user meets them, with Chromium's virtual authenticator (CDP) standing in for the
// device: added on /account, used alone to sign in after signing out, renamed, removed — and every
// failure a plain message with the password form still there.

/** A platform authenticator that holds passkeys and verifies its user (as a fingerprint would). */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true,
      isUserVerified: true, automaticPresenceSimulation: true },
  })
}

const PASSWORD_KEPT = 'You can still sign in with your email and password.'

/** A browser without passkey autofill (conditional mediation): /login offers only the button. */
async function withoutPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false)
  })
}

/** A confirmed user (made with the admin API), signed in with the password on the dashboard. */
async function signedIn(page: Page) {
  const user = await createUser()
  await page.goto('/login')
  await signIn(page, user.email, PASSWORD)
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible({ timeout: 15_000 })
  return user
}

/** Adds a passkey on /account (named when `name` is given); returns the Passkeys section. */
async function addPasskey(page: Page, name?: string) {
  await page.goto('/account')
  const section = page.getByRole('region', { name: 'Passkeys' })
  await expect(section).toContainText('No passkey yet.')
  if (name) await section.getByLabel('Name of the new passkey (optional)').fill(name)
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByText('Passkey added')).toBeVisible()
  return section
}

test('a passkey added on /account signs in alone after signing out, and is renamed and removed there', async ({ page }) => {
  await withoutPasskeyAutofill(page)
  const user = await signedIn(page)
  await virtualAuthenticator(page)
  const section = await addPasskey(page, 'This laptop')
  const row = section.getByRole('listitem').filter({ hasText: 'This laptop' })
  await expect(row).toContainText('Never used')

  await signOutFromMenu(page)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible({ timeout: 15_000 })

  await page.goto('/account')
  await expect(row).toContainText('Last used')
  await row.getByRole('button', { name: 'Rename This laptop' }).click()
  await section.getByLabel('New name').fill('Work laptop')
  await section.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByText('Passkey renamed')).toBeVisible()
  const renamed = section.getByRole('listitem').filter({ hasText: 'Work laptop' })
  await renamed.getByRole('button', { name: 'Remove Work laptop' }).click()
  await expect(page.getByText('Passkey removed')).toBeVisible()
  await expect(section).toContainText('No passkey yet.')
})

test('a removed passkey is refused in plain words, and the password still signs in', async ({ page }) => {
  await withoutPasskeyAutofill(page)
  const user = await signedIn(page)
  await virtualAuthenticator(page)
  const section = await addPasskey(page)
  await section.getByRole('button', { name: 'Remove Passkey' }).click()
  await expect(section).toContainText('No passkey yet.')
  // The device still holds the passkey; Auth no longer knows it.
  await signOutFromMenu(page)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByText(`This passkey isn’t linked to an account here (it may have been removed). ${PASSWORD_KEPT}`)).toBeVisible()
  await signIn(page, user.email, PASSWORD)
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible({ timeout: 15_000 })
})

test('where the browser offers passkey autofill, picking the passkey in the email field signs in', async ({ page }) => {
  const account = await signedIn(page)
  await virtualAuthenticator(page)
  const section = await addPasskey(page)
  await expect(section.getByRole('listitem').filter({ hasText: 'Passkey' })).toContainText('Never used')
  // Signed out, /login asks for a passkey quietly (mediation: conditional); Chromium's virtual
  // authenticator picks the one passkey as the user would from the email field's suggestions.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByText('Successfully logged out')).toBeVisible()
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible({ timeout: 15_000 })
  await page.goto('/account')
  await expect(section.getByRole('listitem').filter({ hasText: 'Passkey' })).toContainText('Last used')
})

test('a passkey prompt that ends without a passkey leaves the password sign-in as it was', async ({ page }) => {
  await withoutPasskeyAutofill(page)
  await page.goto('/login')
  await virtualAuthenticator(page) // an authenticator holding no passkey for this site: the prompt ends unanswered
  await page.getByLabel('Email').fill('someone@example.com')
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByText(`The passkey prompt was closed before it finished. ${PASSWORD_KEPT}`)).toBeVisible({ timeout: 15_000 })
  await expect(page.getByLabel('Email')).toHaveValue('someone@example.com')
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled()
  await expect(page).toHaveURL(/\/login/)
})
