import { expect, test } from '@playwright/test'
import { newAccount, PASSWORD, signIn, signUp } from './accounts'
import { createUser } from './admin-accounts'
import { confirmationCode } from './mail'
import { signedInAs } from './signed-in'
import { keyboardDialogPass } from './support'
import { totp } from './totp'

// Issue 27, accounts and sign-in: what a new user tripped over, each checked as they would meet it.

test('the dashboard greets with the profile’s nickname, updated live; one sign-in method offers no Unlink', async ({ browser }) => {
  const user = await createUser()
  const page = await signedInAs(browser, user)
  await page.goto('/dashboard')
  const nickname = user.email.split('@')[0].replace('e2e-', 'e2e_')
  await expect(page.getByText(`@${nickname} ·`)).toBeVisible()

  await page.getByRole('link', { name: /Account settings/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
  // The only identity is how this account signs in: nothing offers to take it away.
  await expect(page.getByText('This is your only way to sign in, so it can’t be unlinked.')).toBeVisible()
  await expect(page.getByRole('button', { name: /Unlink/ })).toHaveCount(0)

  const renamed = `n${Date.now().toString(36)}`
  await page.getByLabel('Nickname').fill(renamed)
  await page.getByLabel('Full name').fill('Ada Lovelace')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Profile saved')).toBeVisible()
  // Back to the dashboard inside the app (no reload): the profile is the one source of the name.
  await page.goBack()
  await expect(page.getByText(`@${renamed} ·`)).toBeVisible()
  await expect(page.getByText('Ada Lovelace')).toBeVisible()
  await expect(page.getByText(`@${nickname} ·`)).toHaveCount(0)
})

test('offline, /account says it needs the connection and the dashboard shows the pastes saved here', async ({ browser }) => {
  const user = await createUser()
  const page = await signedInAs(browser, user)
  const problems: string[] = []
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()))
  const title = `Cached ${Date.now()}`
  await page.goto('/paste/new')
  await page.getByLabel('Title').fill(title)
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill('kept on this device')
  await page.getByRole('button', { name: 'Create paste' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.goto('/dashboard')
  await expect(page.getByRole('link', { name: title })).toBeVisible()
  await page.getByRole('link', { name: /Account settings/ }).click()
  await expect(page.getByRole('button', { name: 'Save profile' })).toBeVisible()

  await page.context().setOffline(true)
  const status = page.getByRole('main').getByRole('status').filter({ hasText: 'Account settings need the connection' })
  await expect(status).toHaveText('You are offline. Account settings need the connection; they load again as soon as you are back.')
  await expect(page.getByText('An error occurred. Please try again later.')).toHaveCount(0)
  await expect(page.getByText('Changes will be saved locally and synced')).toHaveCount(0)

  await page.goBack()
  const pastes = page.getByRole('region', { name: 'My pastes' })
  await expect(pastes.getByTestId('cached-note')).toHaveText('You are offline: these are the ones saved on this device.')
  await expect(pastes.getByRole('link', { name: title })).toBeVisible()
  await expect(page.getByText('Couldn’t load this right now.')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'My short links' })).toContainText('You are offline: your short links show here again once you are back.')
  await expect(page.getByText('You are offline. Your dashboard shows the pastes saved on this device')).toBeVisible()

  await page.context().setOffline(false)
  await expect(pastes.getByTestId('cached-note')).toHaveCount(0)
  await expect(pastes.getByRole('link', { name: title })).toBeVisible()
})

function issuerOf(uri: string): string | null {
  return new URL(uri).searchParams.get('issuer')
}

test('authenticator setup: the site’s name as issuer, resumes after a reload, plain-words errors, cancel, and what to do about a lost phone', async ({ browser }) => {
  const user = await createUser()
  const page = await signedInAs(browser, user)
  await page.goto('/account')
  const enrolled = page.waitForResponse((response) => response.url().endsWith('/auth/v1/factors') && response.request().method() === 'POST')
  await page.getByRole('button', { name: 'Add an authenticator app' }).click()
  const factor = (await (await enrolled).json()) as { id: string; totp: { uri: string; secret: string } }
  expect(issuerOf(factor.totp.uri)).toBe("Nova's Toolkit")
  const setup = page.getByRole('group', { name: 'Set up your authenticator app' })
  await expect(setup).toContainText('The app lists it as “Nova\'s Toolkit”')
  await expect(setup.getByTestId('lost-device-note')).toContainText('If you lose your phone')
  await expect(page.getByTestId('totp-secret')).toHaveText(factor.totp.secret)

  // A reload mid-setup shows the same secret: the entry already scanned keeps working.
  await page.reload()
  await expect(page.getByTestId('totp-secret')).toHaveText(factor.totp.secret)
  await page.getByLabel('Code from the app').fill(totp(factor.totp.secret) === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByText('That code didn’t match. Enter the newest code your authenticator app shows: codes change every 30 seconds.')).toBeVisible()
  await expect(page.getByText('Invalid TOTP code entered')).toHaveCount(0)

  await page.getByRole('button', { name: 'Cancel setup' }).click()
  await expect(page.getByText('Setup cancelled')).toBeVisible()
  await expect(setup).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Add an authenticator app' })).toBeVisible()
  await expect(page.getByTestId('totp-secret')).toHaveCount(0)

  const again = page.waitForResponse((response) => response.url().endsWith('/auth/v1/factors') && response.request().method() === 'POST')
  await page.getByRole('button', { name: 'Add an authenticator app' }).click()
  const second = (await (await again).json()) as { totp: { secret: string } }
  expect(second.totp.secret).not.toBe(factor.totp.secret)
  await page.getByLabel('Code from the app').fill(totp(second.totp.secret))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByText('Two-step verification is on')).toBeVisible()
  await expect(page.getByTestId('lost-device-note')).toBeVisible()
})

test('the "Check your email" screen takes the 6-digit code from the confirmation mail', async ({ page }) => {
  const account = newAccount()
  await signUp(page, account)
  await page.getByLabel('Code from the email').fill('000000')
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(page.getByText('That code is wrong or has expired')).toBeVisible()
  await page.getByLabel('Code from the email').fill(await confirmationCode(account.email))
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible()
})

test('sign-in says why and where back to; its heading, tab and title agree; "email" is spelled one way; the 403 page has a title', async ({ page, browser }) => {
  const user = await createUser()
  await page.goto('/color-picker')
  await expect(page).toHaveURL(/\/login\?next=%2Fcolor-picker$/)
  await expect(page.getByRole('note')).toHaveText('Colour picker needs an account. Sign in or create one, and you’ll go straight back to /color-picker.')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
  await expect(page).toHaveTitle("Sign in | Nova's Toolkit")

  await page.getByRole('tab', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create account')
  await expect(page).toHaveTitle("Create account | Nova's Toolkit")
  await page.reload()
  await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('note')).toContainText('Colour picker needs an account')
  expect(await page.locator('body').innerText()).not.toMatch(/e-mail/i)

  await page.getByRole('tab', { name: 'Sign in' }).click()
  expect(await page.locator('body').innerText()).not.toMatch(/e-mail/i)
  await signIn(page, user.email, PASSWORD)
  await expect(page).toHaveURL(/\/color-picker$/)

  const other = await signedInAs(browser, user)
  await other.goto('/admin')
  await expect(other.getByRole('heading', { name: 'Administrators only' })).toBeVisible()
  await expect(other).toHaveTitle("Administrators only | Nova's Toolkit")
})

test('keyboard: the account deletion dialog keeps focus inside and gives it back', async ({ browser }) => {
  const page = await signedInAs(browser, await createUser())
  await page.goto('/account')
  await keyboardDialogPass(page, page.getByRole('button', { name: 'Delete my account' }), 'Delete your account?')
})
