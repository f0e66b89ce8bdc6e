import { expect, test, type Page } from '@playwright/test'
import { PASSWORD } from '../../../e2e/accounts'
import { createUser, makeAdmin, makeOnlyAdmin, returnToTab, signedInPage } from '../../../e2e/admin-accounts'
import { expectNoSeriousAxeViolations } from '../../../e2e/support'

// These journeys change site-wide state (page switches, who is admin): they run in order, in their
// own Playwright project after every other test (playwright.config.ts), so no other test sees them.
// Two browsers per journey on a shared 2-core machine: a generous budget, not a timing check.
test.describe.configure({ mode: 'default', timeout: 120_000 })

async function setPage(admin: Page, name: string, disabled: boolean, reason = '') {
  await admin.goto('/admin')
  const row = admin.getByRole('group', { name })
  const toggle = row.getByRole('switch', { name: 'Enabled' })
  await expect(toggle).toBeVisible()
  if ((await toggle.getAttribute('aria-checked')) !== String(!disabled)) await toggle.click()
  await row.getByLabel('Reason').fill(reason)
  await row.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByText(`${name} ${disabled ? 'disabled' : 'enabled'}`)).toBeVisible()
}

async function searchUsers(admin: Page, email: string) {
  await admin.getByLabel('Search users').fill(email)
  await admin.getByRole('search', { name: 'Users' }).getByRole('button', { name: 'Search' }).click()
}

test('an admin disables /pdf-editor with a reason: others are blocked, the admin is not, re-enabling restores it', async ({ browser }) => {
  const [adminUser, normalUser] = await Promise.all([createUser(), createUser()])
  await makeAdmin(adminUser)
  const admin = await signedInPage(browser, adminUser)
  const user = await signedInPage(browser, normalUser)
  await user.goto('/pdf-editor')
  await expect(user.getByRole('button', { name: 'Choose files' })).toBeVisible()

  const reason = `Upgrading the PDF engine ${Date.now()}`
  await setPage(admin, 'PDF editor', true, reason)

  // An open tab learns of it when the user comes back to it (or from the 30 s poll).
  await returnToTab(user)
  await expect(user.getByRole('heading', { name: 'Page Disabled' })).toBeVisible()
  await expect(user.getByText(reason)).toBeVisible()
  // The tool is out of reach: hidden from assistive tech, inert, and a click lands on the overlay.
  await expect(user.getByRole('button', { name: 'Choose files' })).toHaveCount(0)
  const content = user.locator('[data-testid="disabled-page"] [inert]')
  await expect(content).toHaveAttribute('aria-hidden', 'true')
  const hitsTool = await content.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + 40)
    return hit !== null && element.contains(hit)
  })
  expect(hitsTool).toBe(false)
  await expectNoSeriousAxeViolations(user)

  // A fresh visit is blocked from the first paint (cached map), and stays blocked.
  await user.reload()
  await expect(user.getByRole('heading', { name: 'Page Disabled' })).toBeVisible()

  await admin.goto('/pdf-editor')
  await expect(admin.getByText('Viewing as administrator')).toBeVisible()
  await expect(admin.getByText('This page is disabled, but you have admin access')).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Choose files' })).toBeVisible()
  await expect(admin.getByRole('heading', { name: 'Page Disabled' })).toHaveCount(0)

  await setPage(admin, 'PDF editor', false)
  await returnToTab(user)
  await expect(user.getByRole('button', { name: 'Choose files' })).toBeVisible()
  await expect(user.getByRole('heading', { name: 'Page Disabled' })).toHaveCount(0)
})

test('a disabled page without a reason shows the default sentence', async ({ browser }) => {
  const adminUser = await createUser()
  await makeAdmin(adminUser)
  const admin = await signedInPage(browser, adminUser)
  await setPage(admin, 'QR code generator', true)
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto('/qr-generator')
  await expect(visitor.getByText('This page is currently disabled by the administrator.')).toBeVisible()
  await setPage(admin, 'QR code generator', false)
})

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

test('the last admin cannot remove their own admin role', async ({ browser }) => {
  const adminUser = await createUser()
  await makeOnlyAdmin(adminUser)
  const admin = await signedInPage(browser, adminUser)
  await admin.goto('/admin')
  await searchUsers(admin, adminUser.email)
  const row = admin.getByRole('row').filter({ hasText: adminUser.email })
  await expect(row.getByText('(you)')).toBeVisible()
  await row.getByRole('button', { name: `Revoke admin from ${adminUser.email}` }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Revoke my admin rights' }).click()
  await expect(admin.getByText('The last administrator cannot be revoked')).toBeVisible()
  await expect(row.getByText('Admin', { exact: true })).toBeVisible()
  await admin.reload()
  await expect(admin.getByRole('heading', { name: 'Admin panel' })).toBeVisible()
  await expectNoSeriousAxeViolations(admin)
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
  await pastes.getByLabel('Search public pastes').fill(tag)
  await pastes.getByRole('button', { name: 'Search' }).press('Enter')
  await expect(pastes.getByRole('link', { name: `${tag} spam` })).toBeVisible()
  // The search has answered: only the tagged paste is listed (the recent list before it holds others).
  const found = pastes.getByRole('listitem')
  await expect(found).toHaveCount(1)
  await expect(found.getByText('Buy cheap pills now')).toBeVisible()
  await expect(found.getByText(/^Anonymous/)).toBeVisible()
  await expectNoSeriousAxeViolations(admin)
  await pastes.getByRole('button', { name: `Delete paste “${tag} spam” (${id})` }).click()
  await admin.getByRole('button', { name: 'Delete paste' }).click()
  await expect(admin.getByText(`Deleted paste “${tag} spam” (${id})`)).toBeVisible()
  await expect(pastes.getByText(`No paste matches "${tag}".`)).toBeVisible()

  const links = admin.getByRole('region', { name: 'Short links' })
  await links.getByLabel('Search short links').fill(`${tag}.example`)
  await links.getByRole('button', { name: 'Search' }).click()
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

/** Lets no focus or visibility event reach the app, so only Realtime can tell this page of a change. */
async function withoutFocusRechecks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const swallow = (event: Event) => event.stopImmediatePropagation()
    window.addEventListener('focus', swallow, true)
    document.addEventListener('visibilitychange', swallow, true)
  })
}

test('through Realtime, an open page learns of a grant and of a disabled page without reload or focus', async ({ browser }) => {
  const [adminUser, normalUser] = await Promise.all([createUser(), createUser()])
  await makeAdmin(adminUser)
  const user = await signedInPage(browser, normalUser)
  await user.goto('/pdf-editor')
  await expect(user.getByRole('button', { name: 'Choose files' })).toBeVisible()
  await withoutFocusRechecks(user)

  // The disabled-pages poll runs every 30 s and assertions give up after 10 s: only Realtime is fast enough.
  const admin = await signedInPage(browser, adminUser)
  const reason = `Realtime check ${Date.now()}`
  await setPage(admin, 'PDF editor', true, reason)
  await expect(user.getByText(reason)).toBeVisible()
  await setPage(admin, 'PDF editor', false)
  await expect(user.getByRole('button', { name: 'Choose files' })).toBeVisible()

  await searchUsers(admin, normalUser.email)
  await admin.getByRole('button', { name: `Grant admin to ${normalUser.email}` }).click()
  await expect(admin.getByText(`${normalUser.email} is now an administrator`)).toBeVisible()
  // Opening the menu asks nobody: the badge shows what the admin-status store already learned.
  await user.getByRole('button', { name: 'Account menu' }).click()
  await expect(user.getByRole('menuitem', { name: 'Admin panel' })).toBeVisible()
})
