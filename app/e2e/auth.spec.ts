import { expect, test, type Page } from '@playwright/test'
import { newAccount, PASSWORD, signIn, signUp } from './accounts'
import { confirmationLink, mailWindowPassed } from './mail'
import { expectNoSeriousAxeViolations, expectNoSeriousAxeViolationsInBothThemes, watchConsole } from './support'

// Sign-up, the confirmation mail, sign-in and sign-out against the stack's real Auth (through the
// gateway), reading the mail the stack captured.

async function expectSignedOutAtLogin(page: Page) {
  await expect(page).toHaveURL(/\/login\?t=\d+$/)
  await expect(page.getByText('Successfully logged out')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
}

test('sign up, confirm from the mail, sign in, see the email on the dashboard, sign out', async ({ page }) => {
  const problems = watchConsole(page)
  const account = newAccount()
  await signUp(page, account)

  // The link goes through Auth's /verify, back to /login?code=…, and on to the dashboard signed in.
  await page.goto(await confirmationLink(account.email))
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible()
  await expect(page.getByText(`@${account.username}`)).toBeVisible()
  // Checked once the "You're signed in" notice has gone: this is about the page, and the shared
  // rich-colour toasts are a separate matter (sonner's light error/success text is under 4.5:1).
  await expect(page.getByText('You’re signed in')).toBeHidden({ timeout: 10_000 })
  await expectNoSeriousAxeViolations(page)

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expectSignedOutAtLogin(page)

  await signIn(page, account.email, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible()
  // A signed-in visitor is sent on from /login (SPEC §2).
  await page.goto('/login')
  await expect(page).toHaveURL(/\/dashboard$/)

  // The header's account menu knows the session too, and signs out the same way.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menu')).toContainText(account.email)
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expectSignedOutAtLogin(page)

  // The dashboard needs a session: signed out, it sends the visitor to sign in.
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/)
  expect(problems).toEqual([])
})

test('a wrong password says so in plain words and keeps what was typed', async ({ page }) => {
  const account = newAccount()
  await signUp(page, account)
  const link = await confirmationLink(account.email)
  await page.goto(link)
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expectSignedOutAtLogin(page)

  await signIn(page, account.email, 'not the password')
  await expect(page.getByText('Wrong email or password')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByLabel('Email')).toHaveValue(account.email)
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('not the password')

  // A used confirmation link explains itself instead of failing silently.
  await page.goto(link)
  await expect(page.getByText('This link has expired or was already used. Please sign in.')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
})

test('an unconfirmed account is asked to confirm first and can have the mail sent again', async ({ page }) => {
  const account = newAccount()
  await signUp(page, account)
  await confirmationLink(account.email)
  await page.getByRole('button', { name: 'Back to sign in' }).click()

  // Auth mails an address at most once a second in tests (SMTP max frequency): past that window, a
  // resend is sent (the refusal within it: app/conformance/auth/mail-flows.test.ts).
  await mailWindowPassed(account.email)
  await signIn(page, account.email, PASSWORD)
  await expect(page.getByText('Please confirm your email first').last()).toBeVisible()
  await page.getByRole('button', { name: 'Resend email' }).last().click()
  await expect(page.getByText('Confirmation email sent')).toBeVisible()
  // The new mail's link works like the first.
  await page.goto(await confirmationLink(account.email, 2))
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible()
})

test('the sign-up form explains its rules beside the fields, without serious accessibility issues in either theme', async ({ page }) => {
  await page.goto('/login?tab=sign-up')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Use at least 8 characters')
  await expectNoSeriousAxeViolationsInBothThemes(page)
})
