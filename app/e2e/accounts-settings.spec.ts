import { expect, test } from '@playwright/test'
import { newAccount, PASSWORD, signIn, signOutFromMenu } from './accounts'
import { confirmationLink } from './mail'
import { signedInNewUser } from './signed-in'
import { expectNoSeriousAxeViolations } from './support'

// /account's sign-in settings against the stack's real Auth: the secure email change (a link to
// each address) and the password change, then signing in with what changed. The accounts are made
// through Auth's admin API (sign-up through the form and the mail: auth.spec.ts).

test('changing the email takes both mailed links, then the new address signs in', async ({ page }) => {
  const account = await signedInNewUser(page)
  const moved = newAccount().email
  await page.goto('/account')
  await page.getByLabel('New email').fill(moved)
  await page.getByRole('button', { name: 'Change email' }).click()
  await expect(page.getByText('Check both inboxes')).toBeVisible()
  await expect(page.getByLabel('New email')).toHaveValue('')

  // The old address's link (its first mail: the account was made without one) alone changes nothing yet.
  await page.goto(await confirmationLink(account.email))
  await expect(page.getByText('One more link to go')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible()

  // The new address's link completes it and signs in as the new address.
  await page.goto(await confirmationLink(moved))
  await expect(page.getByText('Your email address is changed')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(`Signed in as ${moved}`)).toBeVisible()

  await signOutFromMenu(page)
  await signIn(page, account.email, PASSWORD)
  await expect(page.getByText('Wrong email or password')).toBeVisible()
  await signIn(page, moved, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(`Signed in as ${moved}`)).toBeVisible()
})

test('changing the password shows Auth’s rules as they are met, and the new one signs in', async ({ page }) => {
  const account = await signedInNewUser(page)
  await page.goto('/account')
  const form = page.getByRole('form', { name: 'Change password' })
  const field = form.getByLabel('New password')
  await field.fill('short')
  await expect(form.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Too weak')
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(field).toHaveAccessibleDescription('Use at least 8 characters')

  const fresh = 'Tram lines at 7 past nine'
  await field.fill(fresh)
  await expect(form.getByRole('list', { name: 'Password rules' })).toContainText('At least 8 characters (met)')
  await expect(form.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Strong')
  await expectNoSeriousAxeViolations(page)
  // Signed in moments ago, so Auth takes the password without a reauthentication code.
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Password changed')).toBeVisible()
  await expect(form.getByLabel('Code from the email')).toHaveCount(0)

  await signOutFromMenu(page)
  await signIn(page, account.email, PASSWORD)
  await expect(page.getByText('Wrong email or password')).toBeVisible()
  await signIn(page, account.email, fresh)
  await expect(page).toHaveURL(/\/dashboard$/)
})
