import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { expect, test, type Download, type Locator, type Page } from '@playwright/test'
import { createUser } from '../../../e2e/admin-accounts'
import { clicksRecorded } from '../../../e2e/clicks'
import { signedInAs } from '../../../e2e/signed-in'
import { expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'

// Issue 37: a link's QR code at any time (every row of "My links", its statistics), not only right
// after making it; the statistics open below the sticky header, and the newest day's bar is whole.

async function makeLink(page: Page, alias: string): Promise<string> {
  const origin = new URL(page.url()).origin
  await page.getByLabel('Long URL').fill(`${origin}/faq`)
  await page.getByRole('button', { name: 'Custom alias, expiry, click limit and password' }).click()
  await page.getByLabel('Custom alias').fill(alias)
  await page.getByRole('button', { name: 'Shorten' }).click()
  await expect(page.getByTestId('short-url')).toHaveText(`${origin}/s/${alias}`)
  return `${origin}/s/${alias}`
}

/** What a phone's camera reads from a downloaded QR code (an SVG is drawn by a page of its own first). */
async function scan(page: Page, download: Download): Promise<string> {
  let image = await download.path()
  if (download.suggestedFilename().endsWith('.svg')) {
    const viewer = await page.context().newPage()
    await viewer.setContent(`<body style="margin:0;background:#fff">${await readFile(image, 'utf8')}</body>`)
    image = `${image}.png`
    await viewer.locator('svg').first().screenshot({ path: image })
    await viewer.close()
  }
  return execFileSync('zbarimg', ['--raw', '-q', image], { encoding: 'utf8' }).trim()
}

async function downloadsScanTo(page: Page, dialog: Locator, shortUrl: string, alias: string) {
  for (const format of ['PNG', 'SVG'] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: format, exact: true }).click()])
    expect(download.suggestedFilename()).toBe(`qr-${alias}.${format.toLowerCase()}`)
    expect(await scan(page, download)).toBe(shortUrl)
  }
}

// One flow; the dialog is checked in both themes (support.ts) instead of running the flow twice.
test('after a reload, every link in "My links" and its statistics give its QR code as PNG and SVG', async ({ browser }) => {
  const page = await signedInAs(browser, await createUser())
  const problems = watchConsole(page)
  await page.goto('/url-shortener')
  const alias = `qr-row-${Date.now().toString(36)}`
  const shortUrl = await makeLink(page, alias)
  await page.reload()

  const row = page.getByRole('table', { name: 'My links' }).getByRole('row').filter({ hasText: alias })
  await row.getByRole('button', { name: `QR code of ${shortUrl}` }).click()
  const dialog = page.getByRole('dialog', { name: 'QR code' })
  await expect(dialog.getByRole('img', { name: `QR code for ${shortUrl}` })).toBeVisible()
  await expectNoSeriousAxeViolationsInBothThemes(page)
  await downloadsScanTo(page, dialog, shortUrl, alias)
  await page.keyboard.press('Escape')
  await expect(row.getByRole('button', { name: `QR code of ${shortUrl}` })).toBeFocused()

  await row.getByRole('link', { name: `Statistics of ${shortUrl}` }).click()
  await page.getByLabel('Link statistics').getByRole('button', { name: 'QR code' }).click()
  await downloadsScanTo(page, page.getByRole('dialog', { name: 'QR code' }), shortUrl, alias)
  expect(problems).toEqual([])
})

for (const width of [1280, 360]) {
  test(`at ${width} px the statistics open below the sticky header and the newest day's bar is drawn whole`, async ({ browser }) => {
    const page = await signedInAs(browser, await createUser(), { viewport: { width, height: 800 } })
    await page.goto('/url-shortener')
    const alias = `bars-${width}-${Date.now().toString(36)}`
    const shortUrl = await makeLink(page, alias)
    // Today's clicks: the newest bar of the chart. A browser's User-Agent, or the redirect service leaves them out as bots.
    const clicked = await page.request.get(`/s/${alias}`, { maxRedirects: 0, headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' } })
    expect(clicked.status()).toBe(302)
    await clicksRecorded(alias, 1)
    await page.reload()
    const row = page.getByRole('table', { name: 'My links' }).getByRole('row').filter({ hasText: alias })
    await expect(row.getByRole('cell').filter({ hasText: /^1$/ })).toBeVisible()
    await row.getByRole('link', { name: `Statistics of ${shortUrl}` }).click()

    const heading = page.getByText(`Statistics of /s/${alias}`)
    await expect(heading).toBeVisible()
    const header = await page.locator('header').first().boundingBox()
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height)

    // A week: each day's bar is wide enough at 360 px to tell whole from halved. The plot's last
    // column of pixels, at the bar's height, is background, not a bar cut in half by the edge.
    await page.getByRole('button', { name: '7 days' }).click()
    await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true')
    // The summary and the chart follow the answer for the new period, not the button.
    await expect(page.getByText(/ in the last 7 days/)).toBeVisible()
    const chart = page.getByTestId('clicks-chart')
    await expect(chart).toHaveAttribute('data-days', '7')
    await expect(chart.locator('canvas')).toBeVisible()
    await chart.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const cut = await chart.evaluate((element) => {
      const canvas = element.querySelector('canvas')!
      const plot = element.querySelector('.u-over')!.getBoundingClientRect()
      const box = canvas.getBoundingClientRect()
      const scale = canvas.width / box.width
      const context = canvas.getContext('2d')!
      const right = Math.floor((plot.right - box.left) * scale) - 2
      const y = Math.floor((plot.bottom - box.top) * scale) - 6 // just above the x axis, inside any bar
      const inBar = (x: number) => {
        const [r, g, b, a] = context.getImageData(x, y, 1, 1).data
        return a > 0 && b > r + 60 && b > g + 40 // the indigo of the bars
      }
      let bar = 0
      for (let x = right; x > right - 120 * scale; x -= 1) if (inBar(x)) bar += 1
      return { edgeInBar: inBar(right), barPixels: bar }
    })
    expect(cut.barPixels).toBeGreaterThan(0) // the newest bar is drawn near the right edge
    expect(cut.edgeInBar).toBe(false) // and ends before it
  })
}
