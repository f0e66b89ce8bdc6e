import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { signedInNewUser } from '../../../e2e/signed-in'
import { expectNoSeriousAxeViolations, watchConsole } from '../../../e2e/support'

// Real files, made here with the repo's Python (Pillow, python-docx, pypdf), and checked the same way.
// The BFF runs two jobs at a time per client and the other Playwright worker shares that address,
// so a step may wait for a slot (the page retries a 429): results get longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 30_000 })

const PYTHON = path.resolve('..', '.venv', 'bin', 'python')
const python = (code: string, ...args: string[]) => execFileSync(PYTHON, ['-c', code, ...args], { encoding: 'utf8' }).trim()

function makeFiles() {
  const dir = mkdtempSync(path.join(tmpdir(), 'converter-e2e-'))
  const png = path.join(dir, 'sunset.png')
  const docx = path.join(dir, 'report.docx')
  const broken = path.join(dir, 'broken.png')
  python(
    `
import sys, docx
from docx.enum.text import WD_BREAK
from PIL import Image, ImageDraw
image = Image.new("RGB", (300, 200), (250, 120, 40))
ImageDraw.Draw(image).ellipse((100, 50, 200, 150), fill=(40, 60, 200))
image.save(sys.argv[1])
document = docx.Document()
for page in range(3):
    paragraph = document.add_paragraph(f"Quarterly report, page {page + 1}")
    if page < 2:
        paragraph.add_run().add_break(WD_BREAK.PAGE)
document.save(sys.argv[2])
open(sys.argv[3], "wb").write(bytes(range(7, 250)) * 4)  # no format at all: neither image nor text
`,
    png,
    docx,
    broken,
  )
  return { dir, png, docx, broken }
}

async function saveDownload(page: Page, click: () => Promise<void>, dir: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  const target = path.join(dir, download.suggestedFilename())
  await download.saveAs(target)
  return target
}

test('light: a PNG becomes a WebP of the chosen width, previewed with its sizes before download', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  const problems = watchConsole(page)
  const files = makeFiles()
  await signedInNewUser(page)
  await page.goto('/converter')

  await page.getByLabel('Choose files').setInputFiles(files.png)
  const row = page.getByRole('listitem', { name: 'sunset.png' })
  await expect(row.getByText('Image', { exact: true })).toBeVisible()
  await page.getByRole('radio', { name: 'WebP' }).check()
  await page.getByRole('spinbutton', { name: 'Quality' }).fill('60')
  await page.getByRole('textbox', { name: 'Width' }).fill('150')
  await page.getByRole('button', { name: 'Convert', exact: true }).click()

  await expect(row.getByRole('img', { name: 'WebP of sunset.png' })).toBeVisible()
  await expect(row.getByRole('img', { name: 'Original of sunset.png' })).toBeVisible()
  await expect(row.getByTestId('converted-sizes')).toContainText('→')
  await expectNoSeriousAxeViolations(page)

  const saved = await saveDownload(page, () => row.getByRole('button', { name: 'Download sunset.webp' }).click(), files.dir)
  expect(python('import sys; from PIL import Image; i = Image.open(sys.argv[1]); print(i.format, i.size[0], i.size[1])', saved)).toBe('WEBP 150 100')
  // A 429 while waiting for a job slot is logged by Chromium; the page retries it, so it is not a problem.
  expect(problems.filter((problem) => !problem.includes('status of 429'))).toEqual([])
})

test('dark: a DOCX and a PNG become PDFs together, a broken file is refused alone, and all download as one ZIP', async ({ page }) => {
  test.setTimeout(120_000) // LibreOffice starts cold for each document
  await page.emulateMedia({ colorScheme: 'dark' })
  const files = makeFiles()
  await signedInNewUser(page)
  await page.goto('/converter')

  await page.getByLabel('Choose files').setInputFiles([files.docx, files.png, files.broken])
  // Bytes that are no PNG under a .png name: refused before any upload, by name; the others go on.
  await expect(page.getByTestId('refused-files')).toHaveText('broken.png is not really a PNG image: its contents don’t match its .png name.')
  await page.getByRole('radio', { name: 'PDF' }).check()
  await page.getByRole('button', { name: 'Convert 2 files' }).click()

  const docxRow = page.getByRole('listitem', { name: 'report.docx' })
  await expect(docxRow.getByRole('button', { name: 'Download report.pdf' })).toBeVisible({ timeout: 50_000 })
  await expect(page.getByRole('listitem', { name: 'sunset.png' }).getByRole('button', { name: 'Download sunset.pdf' })).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'broken.png' })).toHaveCount(0)
  await expect(page.getByTestId('batch-summary')).toContainText('2 files ready')
  await expectNoSeriousAxeViolations(page)

  const pdf = await saveDownload(page, () => docxRow.getByRole('button', { name: 'Download report.pdf' }).click(), files.dir)
  expect(python('import sys, pypdf; print(len(pypdf.PdfReader(sys.argv[1]).pages))', pdf)).toBe('3')

  const zip = await saveDownload(page, () => page.getByRole('button', { name: 'Download all as ZIP' }).click(), files.dir)
  expect(python('import sys, zipfile; print(",".join(sorted(zipfile.ZipFile(sys.argv[1]).namelist())))', zip)).toBe('report.pdf,sunset.pdf')
})

test('at 360 px the format is chosen with the keyboard and the options stay usable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const files = makeFiles()
  await signedInNewUser(page)
  await page.goto('/converter')
  await page.getByLabel('Choose files').setInputFiles(files.png)

  await page.getByRole('radio', { name: 'WebP' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'AVIF' })).toBeChecked()
  await page.getByRole('textbox', { name: 'Width' }).fill('abc')
  await expect(page.getByText('Enter a whole number of pixels.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Convert', exact: true })).toBeDisabled()
  await page.getByRole('textbox', { name: 'Width' }).fill('64')
  await page.getByRole('button', { name: 'Convert', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listitem', { name: 'sunset.png' }).getByRole('img', { name: 'AVIF of sunset.png' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousAxeViolations(page)
})
