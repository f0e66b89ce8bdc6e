import path from 'node:path'
import { expect as baseExpect, test } from '@playwright/test'
import { makeDocuments, python, workDir } from '../../../e2e/documents'
import { expectNoSeriousAxeViolations, watchConsole } from '../../../e2e/support'

const expect = baseExpect.configure({ timeout: 30_000 })

// Location and pixels of a photo as Pillow (with pillow-heif) reads it, for comparing downloads with their sources.
const FACTS = `
import hashlib, json, pillow_heif
from PIL import Image
pillow_heif.register_heif_opener()
def facts(data):
    import io
    image = Image.open(io.BytesIO(data))
    return {"gps": len(image.getexif().get_ifd(0x8825)), "pixels": hashlib.sha256(image.convert("RGB").tobytes()).hexdigest(),
            "model": image.getexif().get(0x0110)}
`

test('light: a batch of phone photos loses its GPS in one ZIP, pixels untouched, and the bad file fails alone', async ({ page }) => {
  const problems = watchConsole(page)
  const dir = workDir()
  const files = makeDocuments(dir)
  await page.goto('/image-metadata')
  await page.locator('input[type=file][multiple]').setInputFiles([files.phone, files.plainJpeg, files.broken])
  await expect(page.getByRole('list', { name: 'Photos to clean' }).getByRole('listitem')).toHaveCount(3)
  await expect(page.getByRole('radio', { name: /Remove GPS only/ })).toBeChecked()
  await page.getByRole('button', { name: 'Remove GPS from 3 photos' }).click()

  const result = page.getByTestId('batch-result')
  await expect(result.getByRole('status')).toHaveText('2 photos cleaned, 1 failed')
  const report = result.getByRole('list', { name: 'Per-file report' })
  await expect(report).toContainText('IMG_4032.HEIC → IMG_4032-no-gps.heic')
  await expect(report).toContainText('Location: GPSAltitude, GPSAltitudeRef, GPSLatitude')
  await expect(report).toContainText('broken.jpg could not be decoded as an image')
  await expectNoSeriousAxeViolations(page)

  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: /^Download photos-no-gps\.zip/ }).click()])
  const zip = path.join(dir, download.suggestedFilename())
  await download.saveAs(zip)
  const checked = JSON.parse(
    python(
      `${FACTS}
import zipfile
archive = zipfile.ZipFile(sys.argv[1])
print(json.dumps({"names": archive.namelist(),
  "heic": [facts(archive.read("IMG_4032-no-gps.heic")), facts(open(sys.argv[2], "rb").read())],
  "jpeg": [facts(archive.read("harbour-no-gps.jpg")), facts(open(sys.argv[3], "rb").read())]}))`,
      zip,
      files.phone,
      files.plainJpeg,
    ),
  ) as { names: string[]; heic: { gps: number; pixels: string; model: string }[]; jpeg: { gps: number; pixels: string }[] }
  expect(checked.names).toEqual(['IMG_4032-no-gps.heic', 'harbour-no-gps.jpg'])
  for (const [after, before] of [checked.heic, checked.jpeg]) {
    expect(before.gps).toBeGreaterThan(0)
    expect(after.gps).toBe(0)
    expect(after.pixels).toBe(before.pixels)
  }
  expect(checked.heic[0].model).toBe('iPhone 15')
  expect(problems).toEqual([])
})

test('dark at 360 px: a phone HEIC is read and its location removed with the keyboard', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.setViewportSize({ width: 360, height: 740 })
  const dir = workDir()
  const files = makeDocuments(dir)
  await page.goto('/image-metadata')
  await page.locator('input[type=file]:not([multiple])').setInputFiles(files.phone)
  await expect(page.getByTestId('image-facts')).toContainText('HEIF')
  await expect(page.getByTestId('image-facts')).toContainText('Contains location')

  await page.getByRole('tab', { name: 'Edit fields' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Remove GPS' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('button', { name: 'Remove GPS', exact: true }).focus()
  await page.keyboard.press('Enter')
  const result = page.getByTestId('metadata-result')
  await expect(result).toContainText('IMG_4032-no-gps.heic')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousAxeViolations(page)
  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download' }).click()])
  const saved = path.join(dir, download.suggestedFilename())
  await download.saveAs(saved)
  expect(python(`${FACTS}\nprint(facts(open(sys.argv[1], "rb").read())["gps"])`, saved)).toBe('0')
})
