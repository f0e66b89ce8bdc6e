import { expect, test, type Page } from '@playwright/test'
import { createUser, makeAdmin, returnToTab, searchUsers, signedInPage } from '../../../e2e/admin-accounts'
import { expectNoSeriousAxeViolations } from '../../../e2e/support'

// These journeys switch pages off for everyone: they run in order, in their own Playwright project
// after every other test, one at a time with the other site-wide files (playwright.config.ts), so no
// other test sees them.
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
