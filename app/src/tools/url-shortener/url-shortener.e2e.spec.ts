import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { clicksRecorded } from '../../../e2e/clicks'
import { signedInNewUser } from '../../../e2e/signed-in'
import { expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'

test('an anonymous visitor shortens a link with an alias and the short link lands on the target', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/url-shortener')
  const origin = new URL(page.url()).origin
  const alias = `e2e-${Date.now()}`

  await page.getByLabel('Long URL').fill(`${origin}/help`)
  await page.getByRole('button', { name: 'Custom alias, expiry, click limit and password' }).click()
  await page.getByLabel('Custom alias').fill(alias)
  await page.getByLabel('Max clicks').fill('5')
  await page.getByRole('button', { name: 'Shorten' }).click()

  const shortUrl = page.getByTestId('short-url')
  await expect(shortUrl).toHaveText(`${origin}/s/${alias}`)
  await expect(page.getByRole('img', { name: `QR code for ${origin}/s/${alias}` })).toBeVisible()
  await expect(page.getByText('Sign in to keep a list of your links', { exact: false })).toBeVisible()
  await expectNoSeriousAxeViolationsInBothThemes(page)

  await page.goto(`${origin}/s/${alias}`)
  await expect(page).toHaveURL(`${origin}/help`)
  await expect(page.getByRole('heading', { level: 1, name: 'Help and support' })).toBeVisible()
  expect(problems).toEqual([])
})

test("the BFF's validation messages appear beside the field and the input stays", async ({ page }) => {
  await page.goto('/url-shortener')
  await page.getByLabel('Long URL').fill('ftp://files.example.com/x')
  await page.getByRole('button', { name: 'Shorten' }).click()
  await expect(page.getByText('Only http and https links can be shortened')).toBeVisible()
  await expect(page.getByLabel('Long URL')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('Long URL').fill('example.com/page')
  await page.getByRole('button', { name: 'Custom alias, expiry, click limit and password' }).click()
  await page.getByLabel('Custom alias').fill('admin')
  await page.getByRole('button', { name: 'Shorten' }).click()
  await expect(page.getByText('The alias "admin" is reserved')).toBeVisible()
  await expect(page.getByLabel('Custom alias')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Long URL')).toHaveValue('example.com/page')

  // A password anyone would try first protects nothing: the server says so (password_too_weak).
  await page.getByLabel('Custom alias').fill('')
  await page.getByLabel('Password').fill('Password1')
  await page.getByRole('button', { name: 'Shorten' }).click()
  await expect(page.getByText('password is one of the 10,000 most common passwords, which are tried first: choose one nobody would guess')).toBeVisible()
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Password')).toHaveValue('Password1')
})

test('a signed-in user sees their new link in "My links" with its clicks, and deletes it', async ({ page }) => {
  await signedInNewUser(page)
  await page.goto('/url-shortener')
  const origin = new URL(page.url()).origin
  const alias = `mine-${Date.now()}`
  await page.getByLabel('Long URL').fill(`${origin}/faq`)
  await page.getByRole('button', { name: 'Custom alias, expiry, click limit and password' }).click()
  await page.getByLabel('Custom alias').fill(alias)
  await page.getByRole('button', { name: 'Shorten' }).click()
  await expect(page.getByTestId('short-url')).toHaveText(`${origin}/s/${alias}`)

  const mine = page.getByRole('table', { name: 'My links' })
  const row = mine.getByRole('row').filter({ hasText: alias })
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell').filter({ hasText: /^0$/ })).toBeVisible()

  await page.goto(`${origin}/s/${alias}`)
  await expect(page).toHaveURL(`${origin}/faq`)
  await clicksRecorded(alias, 1)
  await page.goto('/url-shortener')
  await expect(row.getByRole('cell').filter({ hasText: /^1$/ })).toBeVisible()

  await row.getByRole('button', { name: /delete/i }).click()
  await expect(mine.getByRole('row').filter({ hasText: alias })).toHaveCount(0)
})

test("a new link's QR code carries the site's logo and downloads as PNG and SVG, both scanning back to the short link", async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/url-shortener')
  const origin = new URL(page.url()).origin
  const alias = `qr-${Date.now().toString(36)}`
  await page.getByLabel('Long URL').fill(`${origin}/help`)
  await page.getByRole('button', { name: 'Custom alias, expiry, click limit and password' }).click()
  await page.getByLabel('Custom alias').fill(alias)
  await page.getByRole('button', { name: 'Shorten' }).click()
  const shortUrl = `${origin}/s/${alias}`
  await expect(page.getByTestId('short-url')).toHaveText(shortUrl)
  await expect(page.getByRole('img', { name: `QR code for ${shortUrl}` })).toBeVisible()

  const scanned: Record<string, string> = {}
  for (const format of ['PNG', 'SVG'] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: format, exact: true }).click()])
    expect(download.suggestedFilename()).toBe(`qr-${alias}.${format.toLowerCase()}`)
    const file = await download.path()
    let image = file
    if (format === 'SVG') {
      const svg = await readFile(file, 'utf8')
      expect(svg.match(/<svg x=/g)).toHaveLength(1) // the logo, nested in the code
      // Drawn by a browser of its own, as anyone opening the file would see it, then scanned.
      const viewer = await page.context().newPage()
      await viewer.setContent(`<body style="margin:0;background:#fff">${svg}</body>`)
      image = `${file}.png`
      await viewer.locator('svg').first().screenshot({ path: image })
      await viewer.close()
    }
    scanned[format] = execFileSync('zbarimg', ['--raw', '-q', image], { encoding: 'utf8' }).trim()
  }
  expect(scanned).toEqual({ PNG: shortUrl, SVG: shortUrl })
  expect(problems).toEqual([])
})
