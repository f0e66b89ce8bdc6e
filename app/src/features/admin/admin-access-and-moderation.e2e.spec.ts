import { expect, test } from '@playwright/test'
import { PASSWORD } from '../../../e2e/accounts'
import { createUser, makeAdmin, returnToTab, searchAdminList, searchUsers, signedInPage } from '../../../e2e/admin-accounts'
import { expectNoSeriousAxeViolations } from '../../../e2e/support'

// The admin journeys whose admins are their own users and which switch no page off: a grant, the
// identity check of the 'maximum' level, moderation of their own tagged paste and link. They run in
// the site-wide project all the same (playwright.config.ts says why).
// Two browsers per journey on a shared 2-core machine: a generous budget, not a timing check.
test.describe.configure({ timeout: 120_000 })

test('a normal user sees the 403 page at /admin until granted admin, then reaches it after the re-check', async ({ browser }) => {
  const [adminUser, normalUser] = await Promise.all([createUser(), createUser()])
  await makeAdmin(adminUser)
  const user = await signedInPage(browser, normalUser)
  await user.goto('/admin')
  await expect(user.getByRole('heading', { name: 'Administrators only' })).toBeVisible()
  await expectNoSeriousAxeViolations(user)

  const admin = await signedInPage(browser, adminUser)
  await admin.goto('/admin')
  await searchUsers(admin, normalUser.email)
  await admin.getByRole('button', { name: `Grant admin to ${normalUser.email}` }).click()
  await expect(admin.getByText(`${normalUser.email} is now an administrator`)).toBeVisible()
  const row = admin.getByRole('row').filter({ hasText: normalUser.email })
  await expect(row.getByText('Admin', { exact: true })).toBeVisible()

  await returnToTab(user)
  await expect(user.getByRole('heading', { name: 'Admin panel' })).toBeVisible()
  await expect(user.getByRole('group', { name: 'PDF editor' })).toBeVisible()
})

test("the 'maximum' security level asks for the password again on /settings/security and /admin", async ({ browser }) => {
  const adminUser = await createUser()
  await makeAdmin(adminUser)
  const page = await signedInPage(browser, adminUser)
  await page.goto('/settings/security')
  await page.getByRole('radio', { name: /Maximum/ }).click()  // the page gives way to the identity check at once

  await expect(page.getByRole('heading', { name: 'Confirm your identity' })).toBeVisible()
  await expect(page.getByText('For security reasons, please confirm your identity', { exact: true })).toBeVisible()
  await expectNoSeriousAxeViolations(page)
  await page.getByLabel('Password').fill('not my password')
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.locator('#confirm-password-error')).toHaveText('That password is not correct.')
  await expect(page.getByLabel('Password')).toHaveValue('not my password')  // input kept

  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('heading', { name: 'Security settings' })).toBeVisible()
  await expect(page.getByRole('radio', { name: /Maximum/ })).toBeChecked()

  // Confirmed less than 5 minutes ago: the admin area opens without asking again, in this tab or a new one.
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Admin panel' })).toBeVisible()

  // Another browser of the same user has its own level: standard, no question asked.
  const other = await signedInPage(browser, adminUser)
  await other.goto('/admin')
  await expect(other.getByRole('heading', { name: 'Admin panel' })).toBeVisible()
})

test('an admin deletes an abusive public paste and short link from the moderation lists, for everyone', async ({ browser }) => {
  const adminUser = await createUser()
  await makeAdmin(adminUser)
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto('/')
  const tag = `abuse${Date.now()}`
  const paste = await visitor.request.post('/api/pastes', { data: { title: `${tag} spam`, content: 'Buy cheap pills now' } })
  expect(paste.status()).toBe(201)
  const { id } = (await paste.json()) as { id: string }
  const link = await visitor.request.post('/api/links', { data: { url: `https://${tag}.example/login` } })
  expect(link.status()).toBe(201)
  const { short_code: code } = (await link.json()) as { short_code: string }

  const admin = await signedInPage(browser, adminUser)
  await admin.setViewportSize({ width: 360, height: 800 })
  await admin.goto('/admin')
  const pastes = admin.getByRole('region', { name: 'Public pastes' })
  await searchAdminList(admin, 'pastes', tag, 'Enter')
  // Only the tagged paste is listed (the recent list before the answer holds others).
  const found = pastes.getByRole('listitem')
  await expect(found).toHaveCount(1)
  await expect(pastes.getByRole('link', { name: `${tag} spam` })).toBeVisible()
  await expect(found.getByText('Buy cheap pills now')).toBeVisible()
  await expect(found.getByText(/^Anonymous/)).toBeVisible()
  await expectNoSeriousAxeViolations(admin)
  await pastes.getByRole('button', { name: `Delete paste “${tag} spam” (${id})` }).click()
  await admin.getByRole('button', { name: 'Delete paste' }).click()
  await expect(admin.getByText(`Deleted paste “${tag} spam” (${id})`)).toBeVisible()
  await expect(pastes.getByText(`No paste matches "${tag}".`)).toBeVisible()

  const links = admin.getByRole('region', { name: 'Short links' })
  await searchAdminList(admin, 'links', `${tag}.example`)
  await expect(links.getByRole('listitem')).toHaveCount(1)
  await expect(links.getByRole('link', { name: `https://${tag}.example/login` })).toBeVisible()
  // Keyboard: the delete button, then the dialog's confirm.
  await links.getByRole('button', { name: `Delete short link /s/${code}` }).focus()
  await admin.keyboard.press('Enter')
  await expect(admin.getByRole('dialog')).toContainText(`/s/${code} will be gone for everyone`)
  await admin.getByRole('button', { name: 'Delete short link' }).focus()
  await admin.keyboard.press('Enter')
  await expect(links.getByText(`No short link matches "${tag}.example".`)).toBeVisible()

  // Gone for everyone: the paste's page says so, the short link no longer leads anywhere but home.
  await visitor.goto(`/paste/${id}`)
  await expect(visitor.getByText('This paste does not exist, has expired, or is private.')).toBeVisible()
  await visitor.goto(`/s/${code}`)
  await expect(visitor).toHaveURL(/\/$/)
})
