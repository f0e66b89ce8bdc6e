import { expect, test } from '@playwright/test'
import { pauseClock } from './clock'
import { watchConsole } from './support'

test('the stored theme is applied before the app script runs (no flash)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ui-theme', JSON.stringify('dark')))
  // Hold the app bundle back so only index.html's inline script can have set the theme.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/index-*.js', async (route) => {
    await held
    await route.continue()
  })
  await page.route('**/src/main.tsx', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/', { waitUntil: 'commit' })
  await page.waitForFunction(() => document.body !== null)
  expect(await page.locator('#root').innerHTML()).toBe('')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark')
  release()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('the theme menu switches, persists and syncs to other tabs', async ({ context }) => {
  const first = await context.newPage()
  const second = await context.newPage()
  const problems = [...[first, second].map(watchConsole)]
  await first.goto('/')
  await second.goto('/all-tools')

  await first.getByRole('button', { name: /Change theme/ }).click()
  await first.getByRole('menuitemradio', { name: 'Dark' }).click()
  await expect(first.locator('html')).toHaveClass(/\bdark\b/)
  expect(await first.evaluate(() => localStorage.getItem('ui-theme'))).toBe('"dark"')
  await expect(second.locator('html')).toHaveClass(/\bdark\b/)

  await second.getByRole('button', { name: /Change theme/ }).click()
  await second.getByRole('menuitemradio', { name: 'Light' }).click()
  await expect(first.locator('html')).toHaveClass(/\blight\b/)

  await first.reload()
  await expect(first.locator('html')).toHaveClass(/\blight\b/)
  expect(problems.flat()).toEqual([])
})

test('system theme follows the operating system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
})

test('Ctrl+K opens the command palette and Enter opens a tool', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Control+k')
  const search = page.getByRole('combobox', { name: 'Search tools' })
  await expect(search).toBeFocused()
  await search.fill('qr')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/qr-generator$/)
  await expect(page.getByRole('heading', { level: 1, name: 'QR code generator' })).toBeVisible()
})

test('the tools menu lists every tool and navigates', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Tools menu' }).click()
  await expect(page.getByRole('menuitem')).toHaveCount(13)
  await page.getByRole('menuitem', { name: 'PDF editor' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'PDF editor' })).toBeVisible()
})

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  for (const path of ['/', '/all-tools', '/glass-showcase', '/help', '/converter']) {
    test(`${path} has no horizontal overflow`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await expect(page.getByRole('button', { name: 'Search tools' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
    })
  }
})

test.describe('install prompt on iPhone Safari', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  })

  test('appears after 30 s, records the showing, and "Maybe later" hides it', async ({ page }) => {
    await pauseClock(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const prompt = page.getByRole('dialog', { name: 'Add to Home Screen' })
    await page.clock.runFor(29_000)
    await expect(prompt).toHaveCount(0)
    // The 30 s start in an effect, which Preact runs after the page's first frame (16 ms on this clock).
    await page.clock.runFor(1_100)
    await expect(prompt).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('install-prompt-shown-count'))).toBe('1')
    await prompt.getByRole('button', { name: 'Maybe later' }).click()
    await page.clock.runFor(500)
    await expect(prompt).toHaveCount(0)
  })
})
