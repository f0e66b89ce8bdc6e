import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'

/** A PNG with a sentence drawn by the browser's own text renderer: a real image for the real tesseract. */
async function sentenceImage(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 1400
    canvas.height = 260
    const context = canvas.getContext('2d')!
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.fillStyle = '#111111'
    context.font = '64px sans-serif'
    context.fillText('The quick brown fox jumps', 40, 105)
    context.fillText('over the lazy dog.', 40, 205)
    return canvas.toDataURL('image/png')
  })
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64')
}

/** A PDF of blank pages, its cross-reference table pointing at each object. */
function blankPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'),
  ]
  let body = '%PDF-1.4\n'
  const offsets = objects.map((object, index) => {
    const offset = body.length
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
    return offset
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

test('a long PDF is read a window of pages at a time, the next window on request', async ({ page }) => {
  await page.goto('/image-to-text')
  await page.locator('input[type=file]').setInputFiles({ name: 'long.pdf', mimeType: 'application/pdf', buffer: blankPdf(12) })
  await page.getByRole('button', { name: 'Read text' }).click()
  const more = page.getByTestId('ocr-more-pages')
  await expect(more).toContainText('10 of 12 pages read', { timeout: 30_000 })
  await more.getByRole('button', { name: 'Read the next pages' }).click()
  await expect(more).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByTestId('ocr-summary')).toContainText('12 pages')
})

test('a sentence rendered into an image is read, boxed word by word and saved as text', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/image-to-text')
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true')
  await page.locator('input[type=file]').setInputFiles({ name: 'sentence.png', mimeType: 'image/png', buffer: await sentenceImage(page) })
  await expect(page.getByTestId('chosen-file')).toContainText('sentence.png')
  await page.getByRole('button', { name: 'Read text' }).click()

  const text = page.getByLabel('Recognised text')
  await expect(text).toHaveValue(/quick brown fox jumps\s+over the lazy dog/i, { timeout: 30_000 })
  await expect(page.getByTestId('ocr-summary')).toContainText(/9 words/)
  await expect(page.getByTestId('word-box')).toHaveCount(9)

  // Pointing at a box names that word; the keyboard walks the words from the first.
  await page.locator('[data-testid=word-box][data-word=brown]').hover()
  await expect(page.getByTestId('word-caption')).toContainText(/“brown” — \d+% confidence/)
  // A keyboard user's pointer is elsewhere: park it, so no box under it claims the caption.
  await page.mouse.move(0, 0)
  await expect(page.getByTestId('word-caption')).not.toContainText('“brown”')
  await page.getByRole('application', { name: /Recognised words on the image/ }).focus()
  await page.keyboard.press('Home')
  await expect(page.getByTestId('word-caption')).toContainText('“The”')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('word-caption')).toContainText('“quick”')

  // A correction typed into the text is what gets saved.
  await text.fill('The quick brown fox jumps over the lazy dog, corrected.')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download TXT' }).click()])
  expect(download.suggestedFilename()).toBe('sentence.txt')
  expect(await readFile((await download.path()), 'utf8')).toBe('The quick brown fox jumps over the lazy dog, corrected.')

  await expectNoSeriousAxeViolationsInBothThemes(page)
  expect(problems).toEqual([])
})

test('at 360 px: a damaged image gets the server’s message and stays chosen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/image-to-text')
  // It starts like a PNG (the drop zone's check passes), but nothing after the signature is an image.
  const damaged = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('this is not a PNG at all')])
  await page.locator('input[type=file]').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: damaged })
  await page.getByRole('button', { name: 'Read text' }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Could not read the text' })).toBeVisible()
  await expect(page.getByTestId('chosen-file')).toContainText('broken.png')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousAxeViolationsInBothThemes(page)
})
