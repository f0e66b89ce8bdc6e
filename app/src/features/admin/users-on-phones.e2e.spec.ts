import { expect, test } from '@playwright/test'
import { createUser, makeAdmin, searchUsers } from '../../../e2e/admin-accounts'
import { signedInAs } from '../../../e2e/signed-in'
import { expectNoSeriousAxeViolationsInBothThemes, horizontalOverflow } from '../../../e2e/support'

// Issue 37: at 360 px the admin's users are a list of cards, Role and dates in sight and labelled,
// instead of a table whose last columns hid behind an unmarked sideways scroll. Its admin is its own
// user: it runs beside the other tests.
test.describe.configure({ mode: 'default', timeout: 120_000 })

// One flow (this project runs one test at a time); the cards are checked in both themes (support.ts).
test('at 360 px each user is a card with email, role and dates in view, reachable by keyboard', async ({ browser }) => {
  const [boss, other] = await Promise.all([createUser(), createUser()])
  await makeAdmin(boss)
  const admin = await signedInAs(browser, boss, { viewport: { width: 360, height: 740 } })
  await admin.goto('/admin')
  await searchUsers(admin, other.email)

  const card = admin.getByRole('list', { name: 'Users, newest first' }).getByRole('listitem').filter({ hasText: other.email })
  await expect(card).toBeVisible()
  await expect(admin.getByRole('table')).toHaveCount(0)
  // At 360 px the list starts below the fold, and what loads above it (the page switches, the
  // authenticator suggestion) can still push it down: brought into view until all is in sight.
  await expect(async () => {
    await card.scrollIntoViewIfNeeded()
    for (const label of ['Role', 'Created', 'Last sign-in']) {
      const term = card.getByRole('term').filter({ hasText: label })
      await expect(term).toBeInViewport({ timeout: 1_000 })
      await expect(card.getByRole('definition').nth(['Nickname', 'Role', 'Created', 'Last sign-in'].indexOf(label))).toBeInViewport({ timeout: 1_000 })
    }
  }).toPass({ timeout: 10_000 })
  await expect(card.getByRole('definition').nth(1)).toHaveText('User')
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0)
  const grant = card.getByRole('button', { name: `Grant admin to ${other.email}` })
  await admin.getByLabel('Search users').focus()
  for (let presses = 0; presses < 12 && !(await grant.evaluate((element) => element === document.activeElement)); presses += 1) await admin.keyboard.press('Tab')
  await expect(grant).toBeFocused()
  await expect(grant).toBeInViewport()
  await expectNoSeriousAxeViolationsInBothThemes(admin)

  // Wider, the same users are a table again.
  await admin.setViewportSize({ width: 1280, height: 900 })
  await expect(admin.getByRole('table').getByRole('row').filter({ hasText: other.email })).toBeVisible()
})
