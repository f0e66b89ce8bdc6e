import { expect, test } from '@playwright/test'
import { clicksRecorded } from './clicks'
import { signedInNewUser } from './signed-in'
import { expectNoSeriousAxeViolations, watchConsole } from './support'

// /dashboard's lists, filled through the real UI and BFF by the test's own new account.

test('the dashboard lists my short links with their clicks, my pastes and the tools I used', async ({ page }) => {
  const problems = watchConsole(page)
  await signedInNewUser(page)
  await page.goto('/dashboard')
  await expect(page.getByRole('region', { name: 'My short links' })).toContainText('No short links yet.')
  await expect(page.getByRole('region', { name: 'My pastes' })).toContainText('No pastes yet.')

  await page.goto('/password-generator')
  await expect(page.getByRole('heading', { level: 1, name: 'Password generator' })).toBeVisible()

  // A short link made on the URL shortener, then followed once.
  await page.goto('/url-shortener')
  const origin = new URL(page.url()).origin
  const alias = `dash-${Date.now().toString(36)}`
  await page.getByLabel('Long URL').fill(`${origin}/faq`)
  await page.getByRole('button', { name: 'Custom alias, expiry, click limit and password' }).click()
  await page.getByLabel('Custom alias').fill(alias)
  await page.getByRole('button', { name: 'Shorten' }).click()
  await expect(page.getByTestId('short-url')).toHaveText(`${origin}/s/${alias}`)
  await page.goto(`${origin}/s/${alias}`)
  await expect(page).toHaveURL(`${origin}/faq`)
  await clicksRecorded(alias, 1)

  // A private paste, made through the BFF as this user (the paste editor is another feature's page).
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_token')!) as string)
  const title = `Dashboard note ${alias}`
  const created = await page.request.post('/api/pastes', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, content: 'remember the milk', privacy: 'private' },
  })
  expect(created.status()).toBe(201)

  await page.goto('/dashboard')
  const links = page.getByRole('region', { name: 'My short links' })
  const link = links.getByRole('listitem').filter({ hasText: `/s/${alias}` })
  await expect(link).toContainText(`${origin}/faq`)
  await expect(link).toContainText('1 click')
  const paste = page.getByRole('region', { name: 'My pastes' }).getByRole('listitem').filter({ hasText: title })
  await expect(paste).toContainText('private')
  await expect(paste.getByRole('link', { name: title })).toHaveAttribute('href', /^\/paste\/[\w-]+$/)
  const recent = page.getByRole('region', { name: 'Recently used tools' })
  await expect(recent.getByRole('link', { name: /URL shortener/ })).toBeVisible()
  await expect(recent.getByRole('link', { name: /Password generator/ })).toBeVisible()
  // The newest first.
  await expect(recent.getByRole('listitem').first()).toContainText('URL shortener')
  await expectNoSeriousAxeViolations(page)

  // At phone width the lists stay inside the screen.
  await page.setViewportSize({ width: 360, height: 780 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  expect(problems.filter((problem) => !problem.includes('status of 4'))).toEqual([])
})
