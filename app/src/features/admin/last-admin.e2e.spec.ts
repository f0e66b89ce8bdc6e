import { expect, test } from '@playwright/test'
import { createUser, makeOnlyAdmin, searchUsers, signedInPage } from '../../../e2e/admin-accounts'
import { expectNoSeriousAxeViolations } from '../../../e2e/support'

// Leaves a single admin on the whole site, which every journey with an admin of its own would feel:
// it runs last, one test at a time with the other site-wide files (playwright.config.ts).
test.describe.configure({ timeout: 120_000 })

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
