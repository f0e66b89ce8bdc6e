import { expect, test } from '@playwright/test'
import { PASSWORD, signIn } from './accounts'
import { createUser, makeAdmin, signedInPage } from './admin-accounts'
import { nextCode, pageAccessToken, turnOnTwoStep } from './second-factor'
import { expectNoSeriousAxeViolations, watchConsole } from './support'

// Two-step verification is enforced by the server: a password alone gives an aal1 token that the
// BFF refuses (403 mfa_required) whatever the app does; the app answers that refusal by asking for
// the code, and the same calls then work.

test('a password alone gets a token the API refuses; after the code the same calls work', async ({ page }) => {
  const user = await createUser()
  const secret = await turnOnTwoStep(user)
  await page.goto('/login')
  await signIn(page, user.email, PASSWORD)
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()

  // What an attacker holding the password does: skip the app and call the API with the token.
  const passwordOnly = await pageAccessToken(page)
  const asAttacker = { headers: { Authorization: `Bearer ${passwordOnly}` } }
  const me = await page.request.get('/api/me', asAttacker)
  expect(me.status()).toBe(403)
  expect(await me.json()).toMatchObject({ error: { code: 'mfa_required' } })
  const write = await page.request.post('/api/pastes', { ...asAttacker, data: { content: 'written with a password alone', privacy: 'private' } })
  expect(write.status()).toBe(403)

  await page.getByLabel('Authentication code').fill(nextCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  const verified = await pageAccessToken(page)
  expect(verified).not.toBe(passwordOnly)
  const asUser = { headers: { Authorization: `Bearer ${verified}` } }
  const meAgain = await page.request.get('/api/me', asUser)
  expect(meAgain.status()).toBe(200)
  expect(await meAgain.json()).toMatchObject({ user: { id: user.id } })
  expect((await page.request.post('/api/pastes', { ...asUser, data: { content: 'written after the code', privacy: 'private' } })).status()).toBe(201)
  // The password-only token stays useless even now that its session has the code.
  expect((await page.request.get('/api/me', asAttacker)).status()).toBe(403)
})

test('when the server asks for the code, the app opens the second step and then finishes what it was doing', async ({ page }) => {
  const problems = watchConsole(page)
  const user = await createUser()
  const secret = await turnOnTwoStep(user)
  await page.goto('/login')
  await signIn(page, user.email, PASSWORD)
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()

  // Leaving the step unfinished, the visitor writes a paste: the BFF refuses the password-only token.
  const title = `After the code ${Date.now()}`
  await page.goto('/paste/new')
  await page.getByLabel('Title').fill(title)
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill('saved once the code is in')
  await page.getByRole('button', { name: 'Create paste' }).click()
  const dialog = page.getByRole('dialog', { name: 'Your authenticator code is needed' })
  await expect(dialog).toBeVisible()
  await expectNoSeriousAxeViolations(page)
  await dialog.getByLabel('Authentication code').fill(nextCode(secret))
  await dialog.getByRole('button', { name: 'Verify' }).click()

  // The same request went again with the new token: the paste exists, and no error was shown.
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/paste\/[A-Za-z0-9]{6,32}$/)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByLabel(`Content of ${title}`)).toContainText('saved once the code is in')
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0)
  expect(problems.filter((problem) => !problem.includes('status of 403'))).toEqual([])
})

test('the admin page suggests an authenticator to admins who have none, and not to those who have one', async ({ browser }) => {
  const [plain, guarded] = await Promise.all([createUser(), createUser()])
  await Promise.all([makeAdmin(plain), makeAdmin(guarded)])
  const secret = await turnOnTwoStep(guarded)

  const plainPage = await signedInPage(browser, plain)
  await plainPage.goto('/admin')
  const suggestion = plainPage.getByRole('note', { name: 'Protect your administrator account' })
  await expect(suggestion).toBeVisible()
  await expectNoSeriousAxeViolations(plainPage)
  await suggestion.getByRole('link', { name: 'Add an authenticator app' }).click()
  await expect(plainPage).toHaveURL(/\/account$/)

  const guardedPage = await (await browser.newContext()).newPage()
  await guardedPage.goto('/login')
  await signIn(guardedPage, guarded.email, PASSWORD)
  await guardedPage.getByLabel('Authentication code').fill(nextCode(secret))
  await guardedPage.getByRole('button', { name: 'Verify' }).click()
  await expect(guardedPage).toHaveURL(/\/dashboard$/)
  await guardedPage.goto('/admin')
  await expect(guardedPage.getByRole('heading', { name: 'Admin panel' })).toBeVisible()
  await expect(guardedPage.getByRole('note', { name: 'Protect your administrator account' })).toHaveCount(0)
})
