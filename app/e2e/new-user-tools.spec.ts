import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { createUser } from './admin-accounts'
import { signedInAs } from './signed-in'
import { keyboardDialogPass, toasterReady } from './support'

// Issue 27, tools and files: bad files, lost work, state across Back/Forward, readable metadata,
// the palette, notices, offline words. Real files are made with the repository's Python.

const PYTHON = path.resolve('..', '.venv', 'bin', 'python')
const python = (code: string, ...args: string[]) => execFileSync(PYTHON, ['-c', code, ...args], { encoding: 'utf8' }).trim()

function threePagePdf(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'polish-e2e-')), 'report.pdf')
  python('import sys, pikepdf\npdf = pikepdf.new()\nfor _ in range(3): pdf.add_blank_page(page_size=(300, 400))\npdf.save(sys.argv[1])', file)
  return file
}

/** A JPEG whose EXIF says when it was taken and how it was exposed, as a camera writes it. */
function photoWithExif(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'polish-e2e-')), 'holiday.jpg')
  python(
    'import sys\nfrom PIL import Image\nexif = Image.Exif()\nexif[0x0110] = "Camera"\nexif.get_ifd(0x8769).update({0x9003: "2024:06:01 12:00:00", 0x8822: 3, 0x9209: 0x19})\nImage.new("RGB", (64, 48), "teal").save(sys.argv[1], exif=exif)',
    file,
  )
  return file
}

/** A 26 MB file that starts like a JPEG, on disk: a path is handed to the browser, not 26 MB over the wire. */
function hugeJpeg(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'polish-e2e-')), 'huge.jpg')
  const big = Buffer.alloc(26 * 1024 * 1024)
  big.set([0xff, 0xd8, 0xff, 0xe0])
  writeFileSync(file, big)
  return file
}

/** Drops files on an element the way a browser does (a drop event carrying a DataTransfer). */
async function dropFiles(page: Page, target: Locator, files: { name: string; type: string; text: string }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer()
    for (const file of list) data.items.add(new File([file.text], file.name, { type: file.type }))
    return data
  }, files)
  await target.dispatchEvent('drop', { dataTransfer: transfer })
}

test('the PDF editor asks before page changes are lost, and Delete keeps focus on the pages', async ({ page }) => {
  await page.goto('/pdf-editor')
  await page.getByLabel('Choose files').setInputFiles(threePagePdf())
  const tiles = page.getByRole('list', { name: 'Pages' }).getByTestId('page-tile')
  await expect(tiles).toHaveCount(3)

  // Delete on page 2: focus moves to the page that took its place, not to the page body.
  await page.getByRole('button', { name: /^Page 2, position 2 of 3/ }).focus()
  await page.keyboard.press('Delete')
  await expect(tiles).toHaveCount(2)
  await expect(page.getByRole('button', { name: /^Page 3, position 2 of 2/ })).toBeFocused()

  // Leaving inside the app asks first; staying keeps the work.
  await page.getByRole('link', { name: 'All tools' }).first().click()
  const leave = page.getByRole('dialog', { name: 'Discard your changes?' })
  await expect(leave).toContainText('Your page changes (turned, moved or deleted pages) are not saved anywhere yet')
  await leave.getByRole('button', { name: 'Stay here' }).click()
  await expect(page).toHaveURL(/\/pdf-editor$/)
  await expect(tiles).toHaveCount(2)

  // Close asks too, by keyboard: focus inside, Escape keeps the pages and gives focus back.
  await keyboardDialogPass(page, page.getByRole('button', { name: 'Close', exact: true }), 'Discard your changes?')
  await expect(tiles).toHaveCount(2)
  await page.getByRole('button', { name: 'Close', exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Close and discard' }).click()
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeVisible()
  // Nothing left to lose: leaving no longer asks.
  await page.getByRole('link', { name: 'All tools' }).first().click()
  await expect(page).toHaveURL(/\/all-tools$/)
})

test('drop zones state the limit and refuse wrong, empty, too big or misnamed files before any upload', async ({ page }) => {
  const uploads: string[] = []
  page.on('request', (request) => request.url().includes('/api/tools/') && request.method() === 'POST' && uploads.push(request.url()))

  await page.goto('/image-to-text')
  await expect(page.getByTestId('drop-zone-hint')).toContainText('up to 25 MB')
  await page.getByLabel('Choose a file').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('just some words, not a picture') })
  await expect(page.getByTestId('refused-files')).toHaveText('scan.png is not really a PNG image: its contents don’t match its .png name.')

  await page.goto('/pdf-editor')
  await page.getByLabel('Choose files').setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('garbage that is no PDF') })
  await expect(page.getByTestId('refused-files')).toHaveText('broken.pdf is damaged or not a PDF.')

  await page.goto('/image-metadata')
  const zone = page.getByTestId('drop-zone').first() // the single photo's (the batch cleaner has its own)
  await dropFiles(page, zone, [{ name: 'notes.txt', type: 'text/plain', text: 'hello' }])
  await expect(page.getByTestId('refused-files')).toHaveText(/^notes\.txt can’t be used here: this tool takes JPEG, PNG, WebP, HEIC or TIFF photos\.$/)
  await page.getByLabel('Choose a file').setInputFiles({ name: 'empty.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) })
  await expect(page.getByTestId('refused-files')).toHaveText('empty.jpg is empty (0 bytes).')
  await expect(page.getByRole('img', { name: /^Preview of/ })).toHaveCount(0)
  await page.getByLabel('Choose a file').setInputFiles(hugeJpeg())
  await expect(page.getByTestId('refused-files')).toHaveText('huge.jpg is 26.0 MB; the limit is 25 MB per file.')
  expect(uploads).toEqual([])
})

test('tool state survives Back, Forward and a reload: the QR code’s text and tab, the short link and its draft', async ({ page }) => {
  await page.goto('/qr-generator')
  await page.getByRole('tab', { name: 'Text' }).click()
  await page.getByRole('textbox', { name: 'Text' }).fill('kept across history')
  await page.getByRole('link', { name: 'All tools' }).first().click()
  await expect(page).toHaveURL(/\/all-tools$/)
  await page.goBack()
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('textbox', { name: 'Text' })).toHaveValue('kept across history')
  await page.goForward()
  await page.goBack()
  await expect(page.getByRole('textbox', { name: 'Text' })).toHaveValue('kept across history')

  await page.goto('/url-shortener')
  await page.getByLabel('Long URL').fill('https://example.com/a/draft/kept')
  await page.reload()
  await expect(page.getByLabel('Long URL')).toHaveValue('https://example.com/a/draft/kept')
  await page.getByRole('button', { name: 'Shorten' }).click()
  const result = page.getByRole('heading', { name: 'Your short link' })
  await expect(result).toBeVisible()
  await page.getByRole('link', { name: 'All tools' }).first().click()
  // Back only once the click has navigated: else Back leaves the shortener itself (seen on a clean clone).
  await expect(page).toHaveURL(/\/all-tools$/)
  await page.goBack()
  await expect(result).toBeVisible()
  await page.goForward()
  await page.goBack()
  await expect(result).toBeVisible()
})

test('metadata reads as words and dates; the colour picker names a 12,000 px image’s own pixels', async ({ browser }) => {
  const page = await signedInAs(browser, await createUser())
  await page.goto('/image-metadata')
  await page.getByLabel('Choose a file').setInputFiles(photoWithExif())
  const dates = page.getByTestId('group-dates')
  await expect(dates).toContainText(new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(2024, 5, 1, 12)))
  await expect(dates).not.toContainText('2024:06:01')
  await expect(page.getByTestId('group-exposure')).toContainText('Aperture priority')
  await expect(page.getByTestId('group-exposure')).toContainText('Fired, auto')

  await page.goto('/color-picker')
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 12_000
    canvas.height = 200
    const context = canvas.getContext('2d')!
    context.fillStyle = '#3366cc'
    context.fillRect(0, 0, 12_000, 200)
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'))
    return Array.from(new Uint8Array(await blob.arrayBuffer()))
  })
  await page.getByLabel('Choose a file').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: Buffer.from(png) })
  await expect(page.getByText('wide.png · 12,000 × 200 px (shown smaller; positions are the original’s)')).toBeVisible()
  const cursor = page.getByTestId('colour-cursor')
  await expect(cursor).toHaveText(/^Pixel [\d,]+, \d+ of 12,000 × 200$/)
  const x = Number((await cursor.innerText()).match(/^Pixel ([\d,]+)/)![1].replace(/,/g, ''))
  expect(x).toBeGreaterThan(4096)  // past the scaled canvas's own width: the original's pixel
})

test('Ctrl+K ranks name matches first, and closing the palette gives focus back', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Tools menu' }).focus()
  await page.keyboard.press('Control+k')
  const search = page.getByRole('combobox', { name: 'Search tools' })
  await search.fill('pdf')
  await expect(page.getByRole('option').first()).toContainText('PDF editor')
  await expect(page.getByRole('option').nth(1)).toContainText('File converter')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Tools menu' })).toBeFocused()
  // The header's button opens it too, by keyboard, and gets focus back.
  await keyboardDialogPass(page, page.getByRole('button', { name: 'Search tools' }), 'Search tools')
  // The showcase's dialog and a paste's delete dialog: the other dialogs a visitor can open.
  await page.goto('/glass-showcase')
  await keyboardDialogPass(page, page.getByRole('button', { name: 'Open dialog' }), 'Delete paste?')
  await page.goto('/paste/new')
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill('a paste to keep')
  await page.getByRole('button', { name: 'Create paste' }).click()
  await keyboardDialogPass(page, page.getByRole('button', { name: 'Delete', exact: true }), 'Delete this paste?')
})

test('notices: an error goes away once the retry works; pastes refuse blank or oversized text in words; info pages carry real dates', async ({ page, context }) => {
  await page.goto('/pdf-editor')
  // The page's own chunk must be here before the connection goes: offline, a route not yet loaded cannot load.
  await expect(page.getByLabel('Choose files')).toBeAttached()
  await toasterReady(page)
  await context.setOffline(true)
  await page.getByLabel('Choose files').setInputFiles(threePagePdf())
  const failure = page.locator('[data-sonner-toast]').filter({ hasText: 'Could not open report.pdf' })
  await expect(failure).toBeVisible()
  await context.setOffline(false)
  await page.getByLabel('Choose files').setInputFiles(threePagePdf())
  await expect(page.getByRole('list', { name: 'Pages' }).getByTestId('page-tile')).toHaveCount(3)
  await expect(failure).toHaveCount(0)

  await page.goto('/paste/new')
  const content = page.getByRole('textbox', { name: 'Content', exact: true })
  await content.fill('   \n\t  \n')
  await page.getByRole('button', { name: 'Create paste' }).click()
  await expect(page.getByText('Write or paste some text first: spaces and blank lines alone make an empty paste.')).toBeVisible()
  await content.fill('x'.repeat(600 * 1024))
  await page.getByRole('button', { name: 'Create paste' }).click()
  await expect(page.getByText('This text is 600 KB; a paste holds at most 512 KB. Shorten it, or split it into two pastes.')).toBeVisible()
  await expect(content).toHaveValue(/^x{1000}/)  // kept as typed

  const committed = execFileSync('git', ['log', '-1', '--format=%cI', '--', 'src/app/routes/privacy-policy.tsx'], { encoding: 'utf8' }).trim().slice(0, 10)
  await page.goto('/privacy-policy')
  await expect(page.getByText(/^Last updated /)).toHaveText(`Last updated ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${committed}T00:00:00Z`))}`)
})

test('offline, each tool says what still works there, and only pastes promise to sync', async ({ page, context }) => {
  const toast = page.locator('[data-sonner-toast]')
  await page.goto('/password-generator')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await toasterReady(page)
  await context.setOffline(true)
  await expect(toast.filter({ hasText: 'You are offline.' })).toHaveText(/Everything here still works: passwords are made in your browser\./)
  await expect(page.getByText('Changes will be saved locally and synced')).toHaveCount(0)
  await context.setOffline(false)

  await page.goto('/url-shortener')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await toasterReady(page)
  await context.setOffline(true)
  await expect(toast.filter({ hasText: 'You are offline.' })).toHaveText(/URL shortener needs the connection; what you have entered stays here until you are back\./)
  await context.setOffline(false)

  await page.goto('/pastes')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await toasterReady(page)
  await context.setOffline(true)
  await expect(toast.filter({ hasText: 'You are offline.' })).toHaveText(/You are offline\. Changes will be saved locally and synced when you reconnect\./)
  await context.setOffline(false)
})
