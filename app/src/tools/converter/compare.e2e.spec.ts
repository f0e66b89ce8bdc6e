import { expect as baseExpect, test } from '@playwright/test'
import { signedInNewUser } from '../../../e2e/signed-in'
import { makeDocuments, workDir } from '../../../e2e/documents'
import { expectNoSeriousAxeViolations } from '../../../e2e/support'

const expect = baseExpect.configure({ timeout: 30_000 })

test('dark at 360 px: a phone HEIC is previewed at each quality, then compared with its WebP by keyboard', async ({ page }) => {
  test.setTimeout(90_000)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.setViewportSize({ width: 360, height: 740 })
  const files = makeDocuments(workDir())
  await signedInNewUser(page)
  await page.goto('/converter')
  await page.getByLabel('Choose files').setInputFiles(files.phone)
  await page.getByRole('radio', { name: 'WebP' }).check()

  // The preview follows the quality half a second after the last change, sizes beside the original's.
  const preview = page.getByRole('region', { name: 'Preview' })
  await expect(preview.getByTestId('compare-sizes')).toContainText('Original: ')
  const before = await preview.getByTestId('compare-sizes').textContent()
  await page.getByRole('spinbutton', { name: 'Quality' }).fill('20')
  await expect(preview.getByTestId('compare-sizes')).not.toHaveText(before ?? '')
  await expect(preview.getByRole('img', { name: 'Original of IMG_4032.HEIC' })).toBeVisible()

  await page.getByRole('button', { name: 'Convert', exact: true }).click()
  const row = page.getByRole('listitem', { name: 'IMG_4032.HEIC' })
  const handle = row.getByRole('slider', { name: 'Split between original and webp' })
  await expect(handle).toHaveAttribute('aria-valuenow', '50')
  await handle.focus()
  await page.keyboard.press('End')
  await expect(handle).toHaveAttribute('aria-valuenow', '100')
  await page.keyboard.press('Shift+ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(handle).toHaveAttribute('aria-valuenow', '89')
  await expect(row.getByTestId('compare-sizes')).toContainText('WebP: ')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousAxeViolations(page)
})
