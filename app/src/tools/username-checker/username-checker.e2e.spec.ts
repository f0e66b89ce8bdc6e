import { expect, test } from '@playwright/test'
import { expectNoSeriousAxeViolations, watchConsole } from '../../../e2e/support'

// ./scripts/test points the BFF at the fake sites its own tests use (bff/tests/tools_servers/fake_sites.py):
// eleven answers in all, where "taken" exists on every site that can tell.
for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: streams every site's answer into the list, with filters, search and profile links`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme })
    const problems = watchConsole(page)
    await page.goto('/username-checker')
    const input = page.getByLabel('Username to check')
    await input.fill('-taken')
    await expect(page.getByText('Start with a letter or digit.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Check' })).toBeDisabled()
    await input.fill('taken')
    await page.getByRole('button', { name: 'Check' }).click()

    await expect(page.getByRole('status').filter({ hasText: 'Checked 11 of 11 sites' })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('progressbar', { name: 'Sites checked' })).toHaveAttribute('aria-valuenow', '100')
    const rows = page.getByTestId('site-result')
    await expect(rows).toHaveCount(11)
    await expect(rows.filter({ hasText: 'StatusSite' })).toContainText('Taken')
    await expect(rows.filter({ hasText: 'StrictSite' })).toContainText('Invalid')
    await expect(rows.filter({ hasText: 'BlockedSite' })).toContainText('Blocked')
    await expect(rows.filter({ hasText: 'Toolkit' })).toContainText('Available')
    await expect(rows.filter({ hasText: 'StatusSite' }).getByRole('link')).toHaveAttribute('href', /\/status\/taken$/)

    await page.getByRole('combobox', { name: 'Sort' }).click()
    await page.getByRole('option', { name: 'Available first' }).click()
    await expect(rows.first()).toContainText('Toolkit')
    await expect(rows.nth(1)).toContainText('CodesSite')

    // Show only unknown and blocked answers, then narrow by name.
    for (const status of ['Available', 'Taken', 'Invalid']) await page.getByRole('button', { name: new RegExp(`^${status} \\d+$`) }).click()
    await expect(rows).toHaveCount(4)
    await page.getByRole('searchbox', { name: 'Search sites' }).fill('waf')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('WafSite')

    await expectNoSeriousAxeViolations(page)
    expect(problems).toEqual([])
  })
}

test('cancel stops the stream and keeps what arrived; adult sites are included on request', async ({ page }) => {
  await page.goto('/username-checker')
  await page.getByLabel('Username to check').fill('taken')
  await page.getByRole('switch', { name: 'Include adult sites' }).click()
  await page.getByRole('button', { name: 'Check' }).click()
  // SlowSite answers after two seconds, so the check is still running when the first answers are in.
  await expect(page.getByTestId('site-result').first()).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Stopped after \d+ of 12 sites$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0)
  await expect(page.getByTestId('site-result').filter({ hasText: 'SlowSite' })).toHaveCount(0)
  await expect(page.getByLabel('Username to check')).toHaveValue('taken')
})
