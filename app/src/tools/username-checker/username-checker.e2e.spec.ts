import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'

// ./scripts/test points the BFF at the fake sites its own tests use (bff/tests/tools_servers/fake_sites.py),
// and names one port of that server as "the internet", which these tests switch off and on. The
// tests of this file run one after another: switching the internet off must not meet another check.
test.describe.configure({ mode: 'serial' })

const FAKE_SITES = process.env.TOOLKIT_FAKE_SITES_URL ?? ''

async function internet(page: Page, state: 'on' | 'off') {
  expect(FAKE_SITES, 'TOOLKIT_FAKE_SITES_URL (set by ./scripts/test)').not.toBe('')
  expect((await page.request.post(`${FAKE_SITES}/__internet/${state}`)).status()).toBe(204)
}

const summary = (page: Page) => page.getByTestId('username-summary')

test("online, every site's answer streams in with a summary, filters named after it and export", async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/username-checker')
  const input = page.getByLabel('Username to check')
  await input.fill('-taken')
  await expect(page.getByText('Start with a letter or digit.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Check', exact: true })).toBeDisabled()
  await input.fill('taken')
  await input.press('Enter')

  await expect(page.getByRole('status').filter({ hasText: 'Checked 13 of 13 sites' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('progressbar', { name: 'Sites checked' })).toHaveAttribute('aria-valuenow', '100')
  await expect(summary(page)).toHaveText('Found on 5 sites · not found on 2 sites · could not check 6 sites')
  const rows = page.getByTestId('site-result')
  await expect(rows).toHaveCount(13)
  await expect(rows.filter({ hasText: 'StatusSite' })).toContainText('Found')
  await expect(rows.filter({ hasText: 'WafSite' })).toContainText("Blocked by the site's bot protection")
  await expect(rows.filter({ hasText: 'WafSite' })).toContainText('Could not check')
  await expect(rows.filter({ hasText: 'BrokenSite' })).toContainText('The site had an error (HTTP 500)')
  await expect(rows.filter({ hasText: 'StrictSite' })).toContainText('This site does not accept this name')
  await expect(rows.filter({ hasText: 'Toolkit' })).toContainText('Not found')
  await expect(rows.filter({ hasText: 'StatusSite' }).getByRole('link')).toHaveAttribute('href', /\/status\/taken$/)
  await expect(page.getByText(/Errno|Exception/)).toHaveCount(0)
  // Every badge at once (Found, Not found, Could not check): each readable against its tint.
  await expectNoSeriousAxeViolationsInBothThemes(page)

  // Only what could not be checked, then narrowed by name.
  await page.getByRole('button', { name: /^Found \d+$/ }).click()
  await page.getByRole('button', { name: /^Not found \d+$/ }).click()
  await expect(rows).toHaveCount(6)
  await page.getByRole('searchbox', { name: 'Search sites' }).fill('waf')
  await expect(rows).toHaveCount(1)
  await expectNoSeriousAxeViolationsInBothThemes(page)

  // Export what is listed.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await readFile(await (await download).path(), 'utf8')
  expect((await download).suggestedFilename()).toBe('username-taken.csv')
  expect(csv.split('\r\n').filter(Boolean)).toEqual([
    'site,url,result,status,reason',
    expect.stringMatching(/^WafSite,http:\/\/127\.0\.0\.1:\d+\/waf\/taken,Could not check,blocked,Blocked by the site's bot protection$/),
  ])
  const json = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export JSON' }).click()
  const exported = JSON.parse(await readFile(await (await json).path(), 'utf8')) as { username: string; results: unknown[] }
  expect(exported.username).toBe('taken')
  expect(exported.results).toHaveLength(1)
  expect(problems).toEqual([])
})

test('offline: one clear message at once, the name kept, and checks work again when the internet is back', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto('/username-checker')
  const input = page.getByLabel('Username to check')
  await input.fill('ada_lovelace')
  await internet(page, 'off')
  try {
    // The test stack's BFF keeps no answer about the internet (scripts/stack/username_sites.py): the
    // next check asks again.
    await page.getByRole('button', { name: 'Check', exact: true }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'No site could be checked' })
    await expect(alert).toContainText('No site can be checked: this server cannot reach the internet right now (connecting failed). Try again later.')
    await expect(page.getByTestId('site-result')).toHaveCount(0)
    await expect(input).toHaveValue('ada_lovelace')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expectNoSeriousAxeViolationsInBothThemes(page)
  } finally {
    await internet(page, 'on')
  }
  await page.getByRole('button', { name: 'Check', exact: true }).click()
  await expect(summary(page)).toBeVisible()
})

test('cancel stops the stream and keeps what arrived; adult sites are included on request', async ({ page }) => {
  await page.goto('/username-checker')
  await page.getByLabel('Username to check').fill('taken')
  await page.getByRole('switch', { name: 'Include adult sites' }).click()
  await page.getByRole('button', { name: 'Check', exact: true }).click()
  // SlowSite answers after two seconds, so the check is still running when the first answers are in.
  await expect(page.getByTestId('site-result').first()).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Stopped after \d+ of 14 sites$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0)
  await expect(page.getByTestId('site-result').filter({ hasText: 'SlowSite' })).toHaveCount(0)
  await expect(page.getByLabel('Username to check')).toHaveValue('taken')
})
