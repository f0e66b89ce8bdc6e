import { expect, test } from '@playwright/test'
import { newAccount, PASSWORD, signIn, signOutFromMenu, signUp } from './accounts'
import { confirmationLink } from './mail'
import { signedInNewUser } from './signed-in'
import { expectNoSeriousAxeViolations, watchConsole } from './support'
import { totp } from './totp'

// /account and the sign-in paths that depend on it, against the stack's real Auth and BFF.

test('the profile is edited through the BFF, with its validation error beside the field', async ({ page }) => {
  const problems = watchConsole(page)
  await signedInNewUser(page) // sign-up through the form and the mail: auth.spec.ts
  await page.goto('/account')
  const nickname = page.getByLabel('Nickname')
  await expect(nickname).not.toHaveValue('')
  await nickname.fill('Not Valid')
  await page.getByLabel('Full name').fill('Ada Lovelace')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(nickname).toHaveAccessibleDescription('nickname must be 3 to 32 lower-case letters, digits or _')
  await expect(nickname).toHaveAttribute('aria-invalid', 'true')

  const chosen = `ada_${Date.now().toString(36)}`
  await nickname.fill(chosen)
  await page.getByLabel('Location').fill('London')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Profile saved')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Nickname')).toHaveValue(chosen)
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace')
  await expect(page.getByLabel('Location')).toHaveValue('London')
  await expectNoSeriousAxeViolations(page)
  // The only identity is how this account signs in: it is not offered for unlinking.
  const methods = page.getByRole('region', { name: 'Sign-in methods' })
  await expect(methods).toContainText('This is your only way to sign in, so it can’t be unlinked.')
  await expect(methods.getByRole('button', { name: 'Unlink' })).toHaveCount(0)
  expect(problems.filter((problem) => !problem.includes('status of 4'))).toEqual([])
})

test('with an authenticator turned on, signing in asks for its code', async ({ page }) => {
  const account = await signedInNewUser(page)
  await page.goto('/account')
  await page.getByRole('button', { name: 'Add an authenticator app' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
  await page.getByLabel('Code from the app').fill(totp(secret))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByText('Two-step verification is on')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Authenticator apps' })).toContainText('Active')

  await signOutFromMenu(page)
  await signIn(page, account.email, PASSWORD)
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()
  // Without the code the account's pages stay closed.
  await page.goto('/account')
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/)
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()
  // The code used to turn it on is spent; the authenticator's next one is accepted (one step of skew).
  await page.getByLabel('Authentication code').fill(totp(secret, Date.now() + 30_000))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('list', { name: 'Authenticator apps' })).toContainText('Active')

  // aal2 may remove the factor; the next sign-in needs only the password.
  await page.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('Authenticator removed')).toBeVisible()
  await signOutFromMenu(page)
  await signIn(page, account.email, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('a forgotten password is reset from the mailed link', async ({ page }) => {
  const account = newAccount()
  await signUp(page, account)
  await confirmationLink(account.email)
  await page.getByRole('button', { name: 'Back to sign in' }).click()
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await page.getByLabel('Email').fill(account.email)
  // The address's first recovery mail: Auth's frequency window (per kind of mail) does not apply.
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('a link to choose a new password is on its way')).toBeVisible()

  await page.goto(await confirmationLink(account.email, 2))
  await expect(page).toHaveURL(/\/login\?reset=1$/)
  const fresh = 'a brand new passphrase'
  await page.getByLabel('New password', { exact: true }).fill(fresh)
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  await signOutFromMenu(page)
  await signIn(page, account.email, PASSWORD)
  await expect(page.getByText('Wrong email or password')).toBeVisible()
  await signIn(page, account.email, fresh)
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('deleting the account asks first, then the account is gone', async ({ page }) => {
  const account = await signedInNewUser(page)
  await page.goto('/account')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await dialog.getByRole('button', { name: 'Keep my account' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await dialog.getByRole('button', { name: 'Delete for good' }).click()
  await expect(page.getByText('Your account has been deleted')).toBeVisible()
  await expect(page).toHaveURL(/\/login\?t=\d+$/)

  await signIn(page, account.email, PASSWORD)
  await expect(page.getByText('Wrong email or password')).toBeVisible()
})
