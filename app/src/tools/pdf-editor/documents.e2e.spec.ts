import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { makeDocuments, pdfText, workDir } from '../../../e2e/documents'
import { expectNoSeriousAxeViolations, watchConsole } from '../../../e2e/support'

// Redaction and searchable PDFs on real files; the downloads are read back with pdftotext.
// OCR and redrawing pages take seconds, and the other Playwright worker may hold a job slot.
const expect = baseExpect.configure({ timeout: 45_000 })

async function saveDownload(page: Page, name: string, dir: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download ${name}` }).click()])
  const target = path.join(dir, download.suggestedFilename())
  await download.saveAs(target)
  return target
}

test('dark: a word found everywhere and an area drawn on a page are gone from the downloaded PDF', async ({ page }) => {
  test.setTimeout(90_000)
  await page.emulateMedia({ colorScheme: 'dark' })
  const problems = watchConsole(page)
  const dir = workDir()
  const files = makeDocuments(dir)
  await page.goto('/pdf-editor')
  await page.getByLabel('Choose files').setInputFiles(files.secret)
  await expect(page.getByRole('list', { name: 'Pages' }).getByTestId('page-tile')).toHaveCount(3)

  await page.getByRole('tab', { name: 'Redact' }).click()
  await page.getByRole('button', { name: 'Choose what to redact' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Words or phrases to remove everywhere').fill('Zanzibar')
  await dialog.getByRole('button', { name: 'Find and show matches' }).click()
  await expect(dialog.getByTestId('redaction-matches')).toHaveText('2 matches on 1, 3, shown in amber.')

  // Page 2's first line, drawn with the mouse: from its left margin across the line.
  const surface = dialog.getByTestId('redaction-page-2')
  // Its top in view (the page is taller than the dialog; a press outside the dialog would close it).
  await surface.evaluate((element) => element.scrollIntoView({ block: 'start' }))
  const box = (await surface.boundingBox())!
  await page.mouse.move(box.x + box.width * (60 / 612), box.y + box.height * ((792 - 716) / 792))
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * (330 / 612), box.y + box.height * ((792 - 694) / 792), { steps: 5 })
  await page.mouse.up()
  await expect(dialog.getByRole('button', { name: /^Area 1 on page 2/ })).toBeVisible()
  await expect(dialog.getByTestId('redaction-plan')).toContainText('Everything under 1 black area on page 2')
  await expect(dialog.getByTestId('redaction-plan')).toContainText('Every occurrence of “Zanzibar”')
  await expectNoSeriousAxeViolations(page)

  await dialog.getByRole('button', { name: 'Redact', exact: true }).click()
  const notes = page.getByTestId('pdf-result-notes')
  await expect(notes).toContainText('Page 1:')
  await expect(notes).toContainText('Page 2:')
  await expect(notes).toContainText('Attachments removed: contacts.txt')
  const saved = await saveDownload(page, 'notes-redacted.pdf', dir)
  const text = pdfText(saved)
  expect(text).not.toContain('Zanzibar')
  expect(text).not.toContain('Page 2 opening line')
  expect(text).toContain('Page 1 opening line stays readable')
  expect(text).toContain('harbour at noon')
  expect(text).toContain('Nothing to hide here')
  expect(problems).toEqual([])
})

test('at 360 px a scanned PDF is made searchable with the keyboard, with progress page by page', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 360, height: 740 })
  const dir = workDir()
  const files = makeDocuments(dir)
  await page.goto('/pdf-editor')
  await page.getByLabel('Choose files').setInputFiles(files.scan)
  await expect(page.getByRole('list', { name: 'Pages' }).getByTestId('page-tile')).toHaveCount(1)
  expect(pdfText(files.scan)).toBe('') // a scan: no text at all before

  await page.getByRole('tab', { name: 'Text' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Searchable' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('button', { name: 'Make searchable' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: /OCR: \d of 1 page/ }).or(page.getByTestId('pdf-result-notes'))).toBeVisible()
  await expect(page.getByTestId('pdf-result-notes')).toContainText('Saved as PDF/A-2B')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousAxeViolations(page)
  const saved = await saveDownload(page, 'scan-searchable.pdf', dir)
  expect(pdfText(saved)).toContain('Quarterly report for Harbour Street')
})
