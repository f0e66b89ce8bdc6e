import { expect, test, type Locator, type Page } from '@playwright/test'
import { createUser, makeAdmin, searchAdminList, searchUsers } from '../../../e2e/admin-accounts'
import { turnOnTwoStep } from '../../../e2e/second-factor'
import { signedInAs } from '../../../e2e/signed-in'
import { focusInside, horizontalOverflow, keyboardDialogPass, overflowingRoutes } from '../../../e2e/support'
import { SIGNED_IN_PATHS } from '../../../e2e/route-paths'

// Issue 27, the admin area: confirmations that say what will happen, a users table that fits, switches
// that say what they do, focus that comes back, and removing the authenticator of a user who lost it.
// Its admins are its own users and it switches no page off: it runs beside the other tests.
test.describe.configure({ mode: 'default', timeout: 120_000 })

const LONG = `e2e-${'verylongname'.repeat(3)}-${Date.now().toString(36)}`

/** Whether `inner` lies within `outer` from left to right (the table may be below the fold). */
async function horizontallyInside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()])
  return !!a && !!b && a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1
}

async function findUser(admin: Page, email: string) {
  await searchUsers(admin, email)
  await expect(admin.getByTestId('admin-user-row').filter({ hasText: email })).toBeVisible()
  return admin.getByTestId('admin-user-row').filter({ hasText: email })
}

test('revoking asks first, own rights above all; the users table fits at 1280 px and focus stays in view at 360 px', async ({ browser }) => {
  const [me, colleague, longNamed] = await Promise.all([createUser(), createUser(), createUser({ email: `${LONG}@an-unusually-long-domain-name.example.com`, username: LONG.replace(/-/g, '_').slice(0, 32) })])
  await Promise.all([makeAdmin(me), makeAdmin(colleague)])
  const admin = await signedInAs(browser, me, { viewport: { width: 1280, height: 900 } })
  await admin.goto('/admin')

  // A switch that says what it does: on means visitors can use the page.
  const pdfRow = admin.getByRole('group', { name: 'PDF editor' })
  await expect(pdfRow.getByRole('switch', { name: 'Enabled' })).toHaveAttribute('aria-checked', 'true')
  await expect(pdfRow).toContainText('On')

  // The whole row of a long-named user fits: nothing to scroll sideways, Actions in full.
  const row = await findUser(admin, longNamed.email)
  const scroller = admin.getByTestId('users-table-scroller')
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0)
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0)
  expect(await horizontallyInside(admin.getByRole('columnheader', { name: 'Actions' }), scroller)).toBe(true)
  expect(await horizontallyInside(row.getByRole('button', { name: `Grant admin to ${longNamed.email}` }), scroller)).toBe(true)

  // Own rights: the dialog says it cannot be undone alone; Escape keeps them and focus comes back.
  const mine = await findUser(admin, me.email)
  const revokeMine = mine.getByRole('button', { name: `Revoke admin from ${me.email}` })
  await revokeMine.click()
  const dialog = admin.getByRole('dialog', { name: 'Revoke your own admin rights?' })
  await expect(dialog).toContainText('you cannot undo it yourself: only another administrator can make you one again')
  await focusInside(dialog)
  await admin.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(revokeMine).toBeFocused()
  await expect(mine.getByText('Admin', { exact: true })).toBeVisible()
  await keyboardDialogPass(admin, revokeMine, 'Revoke your own admin rights?')

  // Someone else's: confirmed, then done.
  const theirs = await findUser(admin, colleague.email)
  await theirs.getByRole('button', { name: `Revoke admin from ${colleague.email}` }).click()
  await expect(admin.getByRole('dialog', { name: 'Revoke admin rights?' })).toContainText(`${colleague.email} will lose the admin panel`)
  await admin.getByRole('button', { name: 'Revoke admin rights', exact: true }).click()
  await expect(admin.getByText(`${colleague.email} is no longer an administrator`)).toBeVisible()

  // On a phone each user is a card (users-on-phones.e2e.spec.ts); a control reached with Tab is in view.
  await admin.setViewportSize({ width: 360, height: 740 })
  const grant = (await findUser(admin, longNamed.email)).getByRole('button', { name: `Grant admin to ${longNamed.email}` })
  await admin.getByLabel('Search users').focus()
  for (let presses = 0; presses < 12 && !(await grant.evaluate((element) => element === document.activeElement)); presses += 1) await admin.keyboard.press('Tab')
  await expect(grant).toBeFocused()
  await expect(grant).toBeInViewport()
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0)
})

test('an admin removes the authenticator of a user who lost their phone, after a confirmation; the moderation dialog gives focus back', async ({ browser }) => {
  const [me, lost] = await Promise.all([createUser(), createUser()])
  await makeAdmin(me)
  await turnOnTwoStep(lost)
  const admin = await signedInAs(browser, me)
  await admin.goto('/admin')
  const row = await findUser(admin, lost.email)
  await expect(row.getByText('2-step', { exact: true })).toBeVisible()
  await row.getByRole('button', { name: `Remove the authenticator of ${lost.email}` }).click()
  const dialog = admin.getByRole('dialog', { name: 'Remove this authenticator?' })
  await expect(dialog).toContainText(`${lost.email} will sign in with the password alone`)
  await dialog.getByRole('button', { name: 'Remove authenticator' }).click()
  await expect(admin.getByText(`${lost.email} now signs in with the password alone`)).toBeVisible()
  await expect(row.getByText('2-step', { exact: true })).toHaveCount(0)
  await admin.reload()
  await expect((await findUser(admin, lost.email)).getByText('2-step', { exact: true })).toHaveCount(0)

  // "Delete this paste?" from a row's button: Escape gives focus back to that button.
  const tag = `focus${Date.now()}`
  const made = await admin.request.post('/api/pastes', { data: { title: `${tag} paste`, content: 'moderate me' } })
  expect(made.status()).toBe(201)
  const pastes = admin.getByRole('region', { name: 'Public pastes' })
  await searchAdminList(admin, 'pastes', tag)
  const remove = pastes.getByRole('button', { name: new RegExp(`^Delete paste “${tag} paste”`) })
  await keyboardDialogPass(admin, remove, 'Delete this paste?')
  // Deleted: the button is gone, and focus lands on the list's search box, not nowhere.
  await remove.click()
  await admin.getByRole('button', { name: 'Delete paste', exact: true }).click()
  await expect(pastes.getByText(`No paste matches "${tag}".`)).toBeVisible()
  await expect(pastes.getByLabel('Search public pastes')).toBeFocused()
})

// The admin's own page, and the signed-in pages whose header carries the admin's menu and long name
// (the rest of the route table, signed in with long names: e2e/overflow.spec.ts).
test('as an admin with long names, /admin and the account pages do not scroll sideways at 360 or 1280 px', async ({ browser }) => {
  const stamp = Date.now().toString(36)
  const boss = await createUser({ email: `e2e-administrator-with-a-long-address-${stamp}@long-subdomain.example.com`, username: `e2e_longest_admin_name_${stamp}`.slice(0, 32) })
  await makeAdmin(boss)
  const page = await signedInAs(browser, boss)
  expect(await overflowingRoutes(page, ['/admin', ...SIGNED_IN_PATHS, '/'])).toEqual([])
})
