import { expect, test } from '@playwright/test'
import { clicksRecorded } from '../../../e2e/clicks'
import { signedInNewUser } from '../../../e2e/signed-in'
import { expectNoSeriousAxeViolations, watchConsole } from '../../../e2e/support'

test('a link made with a password asks its visitor for it, refuses a wrong one, opens on the right one; its owner reads the click in its statistics', async ({ page, browser }) => {
  const problems = watchConsole(page)
  await signedInNewUser(page)
  await page.goto('/url-shortener')
  const origin = new URL(page.url()).origin
  const alias = `locked-${Date.now().toString(36)}`
  await page.getByLabel('Long URL').fill(`${origin}/faq`)
  await page.getByRole('button', { name: 'Custom alias, expiry, click limit and password' }).click()
  await page.getByLabel('Custom alias').fill(alias)
  await page.getByLabel('Password').fill('open sesame')
  await page.getByRole('button', { name: 'Shorten' }).click()
  await expect(page.getByTestId('short-url')).toHaveText(`${origin}/s/${alias}`)
  await expect(page.getByText('Asked before it opens')).toBeVisible()
  const row = page.getByRole('table', { name: 'My links' }).getByRole('row').filter({ hasText: alias })
  await expect(row.getByText('Password')).toBeVisible()

  // A visitor in another browser: the redirect service's own page asks first.
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto(`/s/${alias}`)
  await expect(visitor.getByRole('heading', { level: 1, name: 'This link is protected' })).toBeVisible()
  await expectNoSeriousAxeViolations(visitor)
  await visitor.getByLabel('Password').fill('open says me')
  await visitor.getByRole('button', { name: 'Open link' }).click()
  await expect(visitor.getByRole('alert')).toHaveText('That password is not right. Check it and try again.')
  await expect(visitor).toHaveURL(`${origin}/s/${alias}`)
  await visitor.getByLabel('Password').fill('open sesame')
  await visitor.getByRole('button', { name: 'Open link' }).click()
  await expect(visitor).toHaveURL(`${origin}/faq`)
  await expect(visitor.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible()

  // The owner: one click (the wrong try counted none), from no referrer, drawn as a chart.
  await clicksRecorded(alias, 1)
  await page.goto('/url-shortener')
  await expect(row.getByRole('cell').filter({ hasText: /^1$/ })).toBeVisible()
  await row.getByRole('link', { name: `Statistics of ${origin}/s/${alias}` }).click()
  const stats = page.getByLabel('Link statistics')
  await expect(stats.getByText(`Statistics of /s/${alias}`)).toBeVisible()
  await expect(stats.getByText(/^1 click in the last 30 days/)).toBeVisible()
  await expect(stats.getByTestId('clicks-chart').locator('canvas')).toBeVisible()
  await expect(stats.getByRole('listitem').filter({ hasText: 'Direct or unknown' })).toContainText('1')
  await expectNoSeriousAxeViolations(page)
  expect(problems).toEqual([])
})
