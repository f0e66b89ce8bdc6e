import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { expectNoSeriousAxeViolations, watchConsole } from '../../../e2e/support'

// Real PDFs made here with the repo's Python (pikepdf), and the downloads read back with pypdf.
// The BFF runs two jobs at a time per client and the other Playwright worker shares that address,
// so a step may wait for a slot (the page retries a 429): results get longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 30_000 })

const PYTHON = path.resolve('..', '.venv', 'bin', 'python')
const python = (code: string, ...args: string[]) => execFileSync(PYTHON, ['-c', code, ...args], { encoding: 'utf8' }).trim()

const MAKE_PDF = `
import sys, pikepdf
target, words, first_width, password = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), sys.argv[4]
pdf = pikepdf.new()
font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica))
for index, word in enumerate(words):
    # Each page its own width, so order survives in the file even without reading text.
    page = pdf.add_blank_page(page_size=(first_width + 20 * index, 400))
    page.obj.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
    page.obj.Contents = pdf.make_stream(f"BT /F1 24 Tf 30 300 Td (Page {word}) Tj ET".encode())
if password:
    pdf.save(target, encryption=pikepdf.Encryption(user=password, owner=password + "-owner", R=6))
else:
    pdf.save(target)
`

const READ_PDF = `
import sys, json, pypdf
reader = pypdf.PdfReader(sys.argv[1])
if reader.is_encrypted:
    reader.decrypt(sys.argv[2])
print(json.dumps({"encrypted": reader.is_encrypted, "pages": [
    {"width": round(float(page.mediabox.width)), "rotation": page.rotation % 360, "text": page.extract_text().strip()}
    for page in reader.pages]}))
`

interface PdfFacts {
  encrypted: boolean
  pages: { width: number; rotation: number; text: string }[]
}

function makePdf(name: string, words: string[], firstWidth = 300, password = ''): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-editor-e2e-'))
  const file = path.join(dir, name)
  python(MAKE_PDF, file, words.join(','), String(firstWidth), password)
  return { dir, file }
}

const readPdf = (file: string, password = ''): PdfFacts => JSON.parse(python(READ_PDF, file, password)) as PdfFacts

async function saveDownload(page: Page, click: () => Promise<void>, dir: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  const target = path.join(dir, download.suggestedFilename())
  await download.saveAs(target)
  return target
}

const pages = (page: Page) => page.getByRole('list', { name: 'Pages' }).getByTestId('page-tile')

test('light: reorder by keyboard, rotate and delete give the expected pages in the downloaded PDF', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  const problems = watchConsole(page)
  const { dir, file } = makePdf('report.pdf', ['one', 'two', 'three', 'four'])
  await page.goto('/pdf-editor')
  await page.getByLabel('Choose files').setInputFiles(file)
  await expect(pages(page)).toHaveCount(4)
  await expect(pages(page).first().locator('img')).toBeVisible()

  // Page 4 to the front with Alt+Left, three times; focus follows the page.
  await page.getByRole('button', { name: /^Page 4, position 4 of 4/ }).focus()
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('Alt+ArrowLeft')
  await expect(page.getByRole('button', { name: /^Page 4, position 1 of 4/ })).toBeFocused()
  await page.keyboard.press('r')
  await expect(page.getByRole('button', { name: 'Page 4, position 1 of 4, turned 90°' })).toBeVisible()
  await page.getByRole('button', { name: 'Delete Page 2' }).click()
  await expect(pages(page)).toHaveCount(3)
  await expectNoSeriousAxeViolations(page)

  await page.getByRole('button', { name: 'Apply page changes' }).click()
  const result = page.getByRole('list', { name: 'Result pages' })
  await expect(result.getByRole('img')).toHaveCount(3)
  await expect(page.getByTestId('pdf-result-sizes').first()).toContainText('→')
  await expectNoSeriousAxeViolations(page)

  const saved = await saveDownload(page, () => page.getByRole('button', { name: 'Download report-edited.pdf' }).click(), dir)
  const facts = readPdf(saved)
  expect(facts.pages.map((p) => [p.width, p.rotation, p.text])).toEqual([
    [360, 90, 'Page four'],
    [300, 0, 'Page one'],
    [340, 0, 'Page three'],
  ])
  // A 429 while waiting for a job slot is logged by Chromium; the page retries it, so it is not a problem.
  expect(problems.filter((problem) => !problem.includes('status of 429'))).toEqual([])
})

test('dark: a page dragged to the front, then a watermark, previewed before download and kept editable', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  const { dir, file } = makePdf('notes.pdf', ['one', 'two', 'three'])
  await page.goto('/pdf-editor')
  await page.getByLabel('Choose files').setInputFiles(file)
  await expect(pages(page)).toHaveCount(3)

  await page.getByRole('button', { name: /^Page 3, position 3/ }).dragTo(page.getByRole('button', { name: /^Page 1, position 1/ }), { targetPosition: { x: 5, y: 40 } })
  await expect(page.getByRole('button', { name: /^Page 3, position 1 of 3/ })).toBeVisible()

  await page.getByRole('tab', { name: 'Watermark' }).click()
  await page.getByLabel('Watermark text').fill('DRAFT')
  await page.getByRole('button', { name: 'Add watermark' }).click()
  await expect(page.getByRole('list', { name: 'Result pages' }).getByRole('img')).toHaveCount(3)
  await expectNoSeriousAxeViolations(page)

  const saved = await saveDownload(page, () => page.getByRole('button', { name: /^Download notes-edited-watermarked\.pdf/ }).click(), dir)
  const facts = readPdf(saved)
  expect(facts.pages.map((p) => p.width)).toEqual([340, 300, 320])
  expect(facts.pages.every((p) => p.text.includes('DRAFT'))).toBe(true)

  await page.getByRole('button', { name: 'Keep editing this result' }).click()
  await expect(page.getByText('notes-edited-watermarked.pdf')).toBeVisible()
  await expect(pages(page)).toHaveCount(3)
})

test('at 360 px: a protected PDF opens with its password, merges with another and splits into previewed parts', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const secret = makePdf('secret.pdf', ['one', 'two'], 300, 's3cret')
  const other = makePdf('extra.pdf', ['five', 'six'], 500)
  await page.goto('/pdf-editor')
  await page.getByLabel('Choose files').setInputFiles(secret.file)

  await page.getByLabel('Password').fill('wrong')
  await page.getByRole('button', { name: 'Open' }).click()
  await expect(page.getByText('That password is not right. Try again.')).toBeVisible()
  await page.getByLabel('Password').fill('s3cret')
  await page.keyboard.press('Enter')
  await expect(pages(page)).toHaveCount(2)

  await page.locator('input[type=file][multiple]').setInputFiles(other.file)
  await expect(pages(page)).toHaveCount(4)
  await expect(page.getByRole('button', { name: /^Page 1 of extra\.pdf, position 3 of 4/ })).toBeVisible()

  await page.getByRole('tab', { name: 'Split' }).click()
  await page.getByRole('spinbutton', { name: 'Pages per file' }).fill('3')
  await page.getByRole('button', { name: 'Split', exact: true }).click()
  const parts = page.getByRole('list', { name: 'Parts' }).locator(':scope > li')
  await expect(parts).toHaveCount(2)
  await expect(page.getByRole('list', { name: /^Pages of .*pages-1-3\.pdf$/ }).getByRole('img')).toHaveCount(3)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousAxeViolations(page)

  const part = await saveDownload(page, () => parts.first().getByRole('button', { name: /^Download / }).click(), secret.dir)
  const facts = readPdf(part, 's3cret')
  // A protected input stays protected, and the merge kept the order: two secret pages, then extra's first.
  expect(facts.encrypted).toBe(true)
  expect(facts.pages.map((p) => p.text)).toEqual(['Page one', 'Page two', 'Page five'])
})
