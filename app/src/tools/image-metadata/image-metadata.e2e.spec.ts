import { expect, test, type Download, type Page } from '@playwright/test'
import { expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'

/** A real JPEG, encoded by the browser: no metadata until the page writes some. */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 640
    canvas.height = 480
    const context = canvas.getContext('2d')!
    const gradient = context.createLinearGradient(0, 0, 640, 480)
    gradient.addColorStop(0, '#2563eb')
    gradient.addColorStop(1, '#f59e0b')
    context.fillStyle = gradient
    context.fillRect(0, 0, 640, 480)
    return canvas.toDataURL('image/jpeg', 0.9)
  })
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64')
}

async function downloadResult(page: Page): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('metadata-result').getByRole('button', { name: 'Download' }).click()])
  return download
}

/** Opens a downloaded file in the page again, so what is shown is read from that file. */
async function reopen(page: Page, download: Download) {
  await page.getByTestId('chosen-file').getByRole('button', { name: /^Remove / }).click()
  await page.locator('input[type=file]:not([multiple])').setInputFiles({ name: download.suggestedFilename(), mimeType: 'image/jpeg', buffer: await readDownload(download) })
  await expect(page.getByTestId('image-facts')).toBeVisible()
}

async function readDownload(download: Download): Promise<Buffer> {
  const { readFile } = await import('node:fs/promises')
  return readFile((await download.path()))
}

test('an edit is re-read from the downloaded file, and removing GPS leaves every other field', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/image-metadata')
  await page.locator('input[type=file]:not([multiple])').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photo(page) })
  await expect(page.getByTestId('image-facts')).toContainText('JPEG640 × 480')
  await expect(page.getByTestId('image-facts')).toContainText('No location')

  await page.getByLabel('Author').fill('Ada Lovelace')
  await page.getByLabel('Camera make').fill('Toolkit Cam')
  await page.getByLabel('Latitude').fill('48.8584')
  await page.getByLabel('Longitude').fill('2.2945')
  await page.getByRole('combobox', { name: 'Orientation' }).click()
  await page.getByRole('option', { name: 'Rotated 180°', exact: true }).click()
  await page.getByRole('button', { name: 'Apply changes' }).click()
  const result = page.getByTestId('metadata-result')
  await expect(result).toContainText('Result: photo-edited.jpg')
  await expect(result).toContainText('image data copied unchanged')

  const edited = await downloadResult(page)
  expect(edited.suggestedFilename()).toBe('photo-edited.jpg')
  await reopen(page, edited)
  await expect(page.getByTestId('image-facts')).toContainText('Contains location')
  await expect(page.getByTestId('group-author')).toContainText('Ada Lovelace')
  await expect(page.getByTestId('group-camera')).toContainText('Toolkit Cam')
  await expect(page.getByTestId('group-location')).toContainText('48.858400° N')
  await expect(page.getByTestId('group-location')).toContainText('2.294500° E')
  await expect(page.getByTestId('group-image')).toContainText('Rotated 180° (3)')
  await expect(page.getByRole('link', { name: /Show on OpenStreetMap/ })).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=48.858400&mlon=2.294500#map=16/48.858400/2.294500')

  // Before running it, the preview says exactly what goes and what stays.
  await page.getByRole('tab', { name: 'Remove GPS' }).click()
  await expect(page.getByTestId('plan-removed')).toContainText('Latitude: 48.858400° N')
  await expect(page.getByTestId('plan-removed')).not.toContainText('Ada Lovelace')
  await expect(page.getByTestId('plan-kept')).toContainText('Author: Ada Lovelace')
  await page.getByRole('button', { name: 'Remove GPS', exact: true }).click()
  await expect(page.getByTestId('metadata-result')).toContainText('photo-edited-no-gps.jpg')

  await reopen(page, await downloadResult(page))
  await expect(page.getByTestId('image-facts')).toContainText('No location')
  await expect(page.getByTestId('group-location')).toHaveCount(0)
  await expect(page.getByTestId('group-author')).toContainText('Ada Lovelace')
  await expect(page.getByTestId('group-camera')).toContainText('Toolkit Cam')
  await expect(page.getByTestId('group-image')).toContainText('Rotated 180° (3)')
  await expectNoSeriousAxeViolationsInBothThemes(page)
  expect(problems).toEqual([])
})

test('360 px: strip previews what stays, and a bad coordinate is refused with the input kept', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/image-metadata')
  await page.locator('input[type=file]:not([multiple])').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photo(page) })
  await expect(page.getByTestId('image-facts')).toBeVisible()

  await page.getByLabel('Latitude').fill('95')
  await page.getByLabel('Longitude').fill('2')
  await page.getByRole('button', { name: 'Apply changes' }).click()
  await expect(page.getByText('Latitude must be a number from -90 to 90').first()).toBeVisible()
  await expect(page.getByLabel('Latitude')).toHaveValue('95')

  await page.getByRole('tab', { name: 'Strip all' }).press('Enter')
  await expect(page.getByTestId('plan-removed')).toContainText('Will be removed (0)')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousAxeViolationsInBothThemes(page)
})
