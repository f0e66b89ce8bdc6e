import path from 'node:path'
import { expect, test } from '@playwright/test'
import { signedInNewUser } from '../../../e2e/signed-in'
import { python, workDir } from '../../../e2e/documents'
import { expectNoSeriousAxeViolations } from '../../../e2e/support'

test('dark: a phone HEIC the browser cannot draw is decoded by the server and picked to the exact colour', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  const file = path.join(workDir(), 'IMG_5001.HEIC')
  // A flat colour, so the picked pixel is the decoded one wherever it is clicked.
  const expected = python(
    `
import pillow_heif
from PIL import Image
pillow_heif.register_heif_opener()
Image.new("RGB", (96, 64), (30, 120, 200)).save(sys.argv[1], quality=95)
print("#%02x%02x%02x" % Image.open(sys.argv[1]).convert("RGB").getpixel((48, 32)))`,
    file,
  )
  await signedInNewUser(page)
  await page.goto('/color-picker')
  await page.locator('input[type=file]').setInputFiles(file)
  await expect(page.getByText('IMG_5001.HEIC (decoded on the server) · 96 × 64')).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('image-canvas').click({ position: { x: 20, y: 20 } })
  await expect(page.getByTestId('picked-hex')).toHaveText(expected)
  await expectNoSeriousAxeViolations(page)
})
