import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'

async function downloadAs(page: Page, format: 'PNG' | 'SVG') {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: format, exact: true }).click()])
  return download
}

test('previews live and downloads a PNG from the BFF that decodes back to the payload', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/qr-generator')
  await expect(page.getByText('Fill in the content to see your code.')).toBeVisible()
  await page.getByLabel('Web address').fill('example.com/qr-e2e?x=1')
  await expect(page.getByTestId('qr-preview')).toBeVisible()
  await expect(page.getByTestId('qr-info')).toContainText('512 × 512 px')

  await page.getByRole('combobox', { name: 'Error correction' }).click()
  await page.getByRole('option', { name: /^H/ }).click()
  const download = await downloadAs(page, 'PNG')
  expect(download.suggestedFilename()).toBe('qr-code.png')
  const decoded = execFileSync('zbarimg', ['--raw', '-q', await download.path()], { encoding: 'utf8' }).trim()
  expect(decoded).toBe('https://example.com/qr-e2e?x=1')

  await expectNoSeriousAxeViolationsInBothThemes(page)
  expect(problems).toEqual([])
})

test('Wi-Fi codes download as SVG, and the BFF refusing low contrast is a toast that keeps the input', async ({ page }) => {
  await page.goto('/qr-generator')
  await page.getByRole('tab', { name: 'Wi-Fi' }).click()
  await page.getByLabel('Network name (SSID)').fill('Cafe;Guest')
  await expect(page.getByText('A secured network needs its password')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('s3cret:pass')
  await page.getByRole('button', { name: 'Encoded text' }).or(page.getByText('Encoded text')).click()
  await expect(page.getByTestId('qr-payload')).toHaveText('WIFI:T:WPA;S:Cafe\\;Guest;P:s3cret\\:pass;;')
  const svg = await downloadAs(page, 'SVG')
  expect(svg.suggestedFilename()).toBe('qr-code.svg')
  expect(await readFile(await svg.path(), 'utf8')).toContain('<svg')

  await page.getByRole('textbox', { name: 'Foreground', exact: true }).fill('#dddddd')
  await expect(page.getByRole('alert').filter({ hasText: 'too low to scan reliably' })).toBeVisible()
  await page.getByRole('button', { name: 'PNG', exact: true }).click()
  await expect(page.getByText('The foreground must be darker than the background, with a contrast ratio of at least 3')).toBeVisible()
  await expect(page.getByLabel('Network name (SSID)')).toHaveValue('Cafe;Guest')
  await expect(page.getByRole('textbox', { name: 'Foreground', exact: true })).toHaveValue('#dddddd')
})
