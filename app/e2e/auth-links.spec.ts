import { expect, test, type Page } from '@playwright/test'
import { newAccount, PASSWORD, signOutFromMenu, signUp } from './accounts'
import { confirmationLink } from './mail'
import { signedInNewUser } from './signed-in'
import { expectNoSeriousAxeViolations } from './support'

// Magic-link sign-in and the sign-up password rules, against the stack's real Auth.

test('a mailed sign-in link (magic link, PKCE) signs in without the password', async ({ page }) => {
  // Made through Auth's admin API, without a mail (sign-up through the form and the mail: auth.spec.ts).
  const account = await signedInNewUser(page)
  await page.goto('/dashboard')
  await signOutFromMenu(page)

  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await page.getByLabel('Email').fill(account.email)
  await expectNoSeriousAxeViolations(page)
  // The address's first sign-in link: Auth's frequency window (per kind of mail) does not apply.
  await page.getByRole('button', { name: 'Send sign-in link' }).click()
  await expect(page.getByText('A sign-in link is on its way to')).toBeVisible()

  await page.goto(await confirmationLink(account.email))
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible()
  // The link is spent.
  await signOutFromMenu(page)
  await page.goto(await confirmationLink(account.email))
  await expect(page.getByText('This link has expired or was already used. Please sign in.')).toBeVisible()
})

test('a sign-in link for an address without an account says so and keeps the address', async ({ page }) => {
  const stranger = newAccount().email
  await page.goto('/login')
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await page.getByLabel('Email').fill(stranger)
  await page.getByRole('button', { name: 'Send sign-in link' }).click()
  await expect(page.getByText('No account uses this email yet. Create one first.')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(stranger)
})

/** The anon key supabase-js sends, taken from one of the app's own Auth requests. */
async function anonKeyFrom(page: Page, act: () => Promise<void>): Promise<string> {
  const request = page.waitForRequest((candidate) => candidate.url().includes('/auth/v1/') && Boolean(candidate.headers()['apikey']))
  await act()
  return (await request).headers()['apikey']
}

test('the sign-up form’s password rules are the ones Auth enforces', async ({ page }) => {
  await page.goto('/login?tab=sign-up')
  const field = page.getByLabel('Password', { exact: true })
  const rules = page.getByRole('list', { name: 'Password rules' })
  const meter = page.getByRole('meter', { name: 'Password strength' })
  await field.fill('abc')
  await expect(meter).toHaveAttribute('aria-valuetext', 'Too weak')
  const lengthRule = rules.getByRole('listitem').filter({ hasText: /^At least \d+ characters/ })
  await expect(lengthRule).toContainText('(not met yet)')
  const minLength = Number((await lengthRule.textContent())!.match(/At least (\d+)/)![1])
  await field.fill('x'.repeat(minLength))
  await expect(lengthRule).toContainText('(met)')
  await field.fill('kettle drum on a sunny quay')
  await expect(meter).toHaveAttribute('aria-valuetext', 'Strong')

  // Auth itself: one character short is weak_password for length, in its words with the same number.
  const account = newAccount()
  const apikey = await anonKeyFrom(page, () => signUp(page, account))
  const signup = (password: string) =>
    page.request.post('/auth/v1/signup', { headers: { apikey }, data: { email: newAccount().email, password } })
  const refused = await signup('x'.repeat(minLength - 1))
  expect(refused.status()).toBe(422)
  const body = (await refused.json()) as { error_code?: string; code?: string; msg?: string; message?: string; weak_password?: { reasons: string[] } }
  expect(body.error_code ?? body.code).toBe('weak_password')
  expect(body.weak_password?.reasons).toEqual(['length'])
  expect(body.msg ?? body.message).toContain(`at least ${minLength} characters`)
  expect((await signup('x'.repeat(minLength))).status()).toBe(200)
  expect(PASSWORD.length).toBeGreaterThanOrEqual(minLength)
})
