import { expect, test } from '@playwright/test'
import { expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'

test('generates passwords and passphrases on the device, sending nothing anywhere', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const problems = watchConsole(page)
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() !== 'GET' || new URL(request.url()).pathname.startsWith('/api/')) sent.push(`${request.method()} ${request.url()}`)
  })
  await page.goto('/password-generator')
  const secret = page.getByTestId('secret')
  await expect(secret).toHaveCount(1)
  await expect(secret.first()).toHaveText(/^.{20}$/)

  // The word list is part of the app (a lazy chunk); load it once, then watch for any request at all.
  await page.getByRole('tab', { name: 'Passphrase' }).click()
  // The word list has a few hyphenated words ("yo-yo", "t-shirt").
  await expect(secret.first()).toHaveText(/^([A-Z][a-z-]+\d?-){4}[A-Z][a-z-]+\d?$/)
  await page.getByRole('tab', { name: 'Password' }).click()
  await page.waitForLoadState('networkidle')
  const afterLoad: string[] = []
  page.on('request', (request) => afterLoad.push(request.url()))

  await page.getByRole('spinbutton', { name: 'Length' }).fill('32')
  await expect(secret.first()).toHaveText(/^.{32}$/)
  for (const name of ['Lowercase (a–z)', 'Uppercase (A–Z)', 'Symbols (!#$%…)']) await page.getByRole('switch', { name }).click()
  await expect(secret.first()).toHaveText(/^\d{32}$/)
  await page.getByRole('switch', { name: /Exclude look-alikes/ }).click()
  await expect(secret.first()).toHaveText(/^[2-9]{32}$/)
  await expect(page.getByTestId('strength')).toContainText('Strong')
  await expect(page.getByTestId('strength')).toContainText('96 bits of entropy')

  await page.getByRole('spinbutton', { name: 'How many' }).fill('5')
  await expect(secret).toHaveCount(5)
  const second = await secret.nth(1).textContent()
  await page.getByRole('button', { name: 'Copy password 2' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(second)

  await page.getByRole('tab', { name: 'Passphrase' }).click()
  await page.getByRole('spinbutton', { name: 'Words' }).fill('7')
  await page.getByLabel('Separator').fill('_')
  await page.getByRole('switch', { name: /Add a digit/ }).click()
  // Retried until the last option has applied to all five (reading them once raced the re-render).
  await expect(secret).toHaveText(Array(5).fill(/^([A-Z][a-z-]+_){6}[A-Z][a-z-]+$/))
  await expect(page.getByTestId('strength')).toContainText('90 bits of entropy')

  await page.getByRole('button', { name: 'Generate' }).click()
  expect(afterLoad).toEqual([])
  expect(sent).toEqual([])

  // The options (never the secrets) are remembered on this device.
  await page.reload()
  await expect(page.getByRole('tab', { name: 'Passphrase' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('spinbutton', { name: 'Words' })).toHaveValue('7')
  await expect(page.getByRole('spinbutton', { name: 'How many' })).toHaveValue('5')
  expect(await page.evaluate(() => localStorage.getItem('password-generator-settings'))).not.toContain(second!)
  await expectNoSeriousAxeViolationsInBothThemes(page)
  expect(problems).toEqual([])
})
