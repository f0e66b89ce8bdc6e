import { expect, test, type Page } from '@playwright/test'

// A first visit whose page code is slow or never arrives: the header (the entry chunk) is there at
// once, with the page's outline and the footer in its place (drawn with the page, so nothing jumps),
// and a failed load says so and offers to try again.

const NOT_LOADED = 'This page could not be loaded. Check your connection, then try again.'

/** Holds back (or fails) the requests for one page's own chunk until told. */
async function holdChunk(page: Page, chunk: RegExp) {
  let release: (outcome: 'continue' | 'abort') => void = () => {}
  const decided = new Promise<'continue' | 'abort'>((resolve) => (release = resolve))
  let asked = 0
  await page.route(chunk, async (route) => {
    asked += 1
    if ((await decided) === 'abort') await route.abort('internetdisconnected')
    else await route.continue()
  })
  return { release, asked: () => asked }
}

test("a slow page chunk: the shell and the page's outline paint first, then the page", async ({ page }) => {
  const help = await holdChunk(page, /\/assets\/help-[^/]+\.js$/)
  await page.goto('/help')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('status', { name: 'Loading page' })).toBeVisible()
  // The footer keeps its place but is drawn with the page: drawn before, it would jump down (CLS).
  await expect(page.locator('footer')).toBeAttached()
  await expect(page.locator('footer')).toBeHidden()
  expect(help.asked()).toBe(1)
  help.release('continue')
  await expect(page.getByRole('heading', { level: 1, name: 'Help and support' })).toBeVisible()
  await expect(page.getByRole('status', { name: 'Loading page' })).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toBeVisible()
})

test('a slow tool chunk on a phone: nothing on the page moves when the tool arrives (no layout shift)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.addInitScript(() => {
    const shifts: number[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  const qr = await holdChunk(page, /\/assets\/qr-generator-page-[^/]+\.js$/)
  await page.goto('/qr-generator')
  await expect(page.getByRole('status', { name: 'Loading the tool' })).toBeVisible()
  qr.release('continue')
  await expect(page.getByRole('status', { name: 'Loading the tool' })).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toBeVisible()
  // Two frames, so a shift from the arrival is reported.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([])
})

test('a page chunk that fails keeps the shell, says so, and "Try again" loads the page', async ({ page }) => {
  const help = await holdChunk(page, /\/assets\/help-[^/]+\.js$/)
  help.release('abort')
  await page.goto('/help')
  await expect(page.getByText(NOT_LOADED)).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible()
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Help and support' })).toBeVisible()
})

test("a tool whose page chunk fails still shows the tool's heading, the message and a retry", async ({ page }) => {
  const tool = await holdChunk(page, /\/assets\/qr-generator-page-[^/]+\.js$/)
  tool.release('abort')
  await page.goto('/qr-generator')
  await expect(page.getByRole('heading', { level: 1, name: 'QR code generator' })).toBeVisible()
  await expect(page.getByText(NOT_LOADED)).toBeVisible()
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'QR code generator' })).toBeVisible()
  await expect(page.getByText(NOT_LOADED)).toHaveCount(0)
  await expect(page.getByRole('status', { name: 'Loading the tool' })).toHaveCount(0)
})
