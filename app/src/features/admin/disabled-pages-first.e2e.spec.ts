import { expect, test } from '@playwright/test'
import { createUser, makeAdmin, type TestUser } from '../../../e2e/admin-accounts'
import { passwordSession, signedInAs } from '../../../e2e/signed-in'
import { expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'

// Issue 37: a switched-off page that needs an account tells a signed-out visitor so ('Page Disabled'
// and the admin's reason), instead of sending them to sign in for nothing; /all-tools and the tools
// menu mark switched-off tools, for admins as "Off for visitors". Site-wide project: pages are
// switched off for everyone while this runs (playwright.config.ts).
test.describe.configure({ mode: 'default', timeout: 120_000 })

const PAGES = { 'image-color-picker': 'Colour picker', 'file-converter': 'File converter', dashboard: 'Dashboard' } as const
type Key = keyof typeof PAGES

/**
 * PUT /api/admin/pages/{key} with the admin's own session, as the admin page sends it. Admin again
 * first, so a switch never depends on what another admin journey did to the admins.
 */
async function switchPage(admin: TestUser, key: Key, disabled: boolean, reason = ''): Promise<void> {
  await makeAdmin(admin)
  const session = await passwordSession(admin)
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/admin/pages/${key}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${String(session.access_token)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ is_disabled: disabled, disable_reason: reason }),
  })
  expect(response.status, await response.text()).toBe(200)
}

test('signed out, a disabled page that needs an account shows its notice, not the sign-in wall; navigation marks it', async ({ browser }) => {
  const boss = await createUser()
  await makeAdmin(boss)
  const reason = `Colour tools are being recalibrated ${Date.now()}`
  await switchPage(boss, 'image-color-picker', true, reason)
  await switchPage(boss, 'file-converter', true)
  await switchPage(boss, 'dashboard', true, 'Back after the upgrade')
  try {
    // One visit; each page it checks for accessibility is checked in both themes (support.ts).
    const visitor = await (await browser.newContext()).newPage()
    const problems = watchConsole(visitor)
    await visitor.goto('/color-picker')
    await expect(visitor.getByRole('heading', { name: 'Page Disabled' })).toBeVisible()
    await expect(visitor.getByText(reason)).toBeVisible()
    await expect(visitor).toHaveURL(/\/color-picker$/) // not /login?next=…
    await expect(visitor.getByRole('heading', { level: 1, name: 'Colour picker' })).toBeVisible()
    await expectNoSeriousAxeViolationsInBothThemes(visitor)

    await visitor.goto('/converter')
    await expect(visitor.getByText('This page is currently disabled by the administrator.')).toBeVisible() // SPEC §2
    await expect(visitor).toHaveURL(/\/converter$/)
    await visitor.goto('/dashboard')
    await expect(visitor.getByRole('heading', { name: 'Page Disabled' })).toBeVisible()
    await expect(visitor.getByText('Back after the upgrade')).toBeVisible()
    await expect(visitor).toHaveURL(/\/dashboard$/)
    // The translator cannot be switched off (no page key): it still asks for an account.
    await visitor.goto('/translator')
    await expect(visitor).toHaveURL(/\/login\?next=%2Ftranslator$/)

    // Before opening anything: the list and the menu say which tools are off.
    await visitor.goto('/all-tools')
    await expect(visitor.getByRole('link', { name: /^Colour picker/ })).toContainText('Disabled')
    await expect(visitor.getByRole('link', { name: /^File converter/ })).toContainText('Disabled')
    await expect(visitor.getByRole('link', { name: /^Translator/ })).not.toContainText('Disabled')
    await expectNoSeriousAxeViolationsInBothThemes(visitor)
    await visitor.getByRole('button', { name: 'Tools menu' }).click()
    await expect(visitor.getByRole('menuitem', { name: /Colour picker/ })).toContainText('Disabled')
    await expect(visitor.getByRole('menuitem', { name: /Text cleaner/ })).not.toContainText('Disabled')
    expect(problems).toEqual([])
    await visitor.context().close()

    // A signed-in user still sees the notice over the page; the admin uses it and is told it is off for visitors.
    const user = await signedInAs(browser, await createUser())
    await user.goto('/color-picker')
    await expect(user.getByText(reason)).toBeVisible()
    await makeAdmin(boss)
    const admin = await signedInAs(browser, boss)
    await admin.goto('/all-tools')
    await expect(admin.getByRole('link', { name: /^Colour picker/ })).toContainText('Off for visitors')
    await admin.getByRole('button', { name: 'Tools menu' }).click()
    await expect(admin.getByRole('menuitem', { name: /Colour picker/ })).toContainText('Off for visitors')
    await admin.keyboard.press('Escape')
    await admin.goto('/color-picker')
    await expect(admin.getByText('Viewing as administrator')).toBeVisible()
  } finally {
    for (const key of Object.keys(PAGES) as Key[]) await switchPage(boss, key, false)
  }
})
