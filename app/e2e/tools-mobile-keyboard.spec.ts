import { expect, test, type Page } from '@playwright/test'
import { signedInNewUser } from './signed-in'

// The six tool pages of the first tool-pages issue: no sideways scrolling on a 360 px phone, and the
// main action of each is reachable with the Tab key alone.
const PAGES: { path: string; heading: string; action: string; signedIn?: boolean }[] = [
  { path: '/password-generator', heading: 'Password generator', action: 'Generate' },
  { path: '/text-cleaner', heading: 'Text cleaner', action: 'Text to clean' },
  { path: '/qr-generator', heading: 'QR code generator', action: 'Web address' },
  { path: '/url-shortener', heading: 'URL shortener', action: 'Long URL' },
  { path: '/username-checker', heading: 'Username checker', action: 'Username to check' },
  { path: '/color-picker', heading: 'Colour picker', action: 'Choose a file', signedIn: true },
]

async function tabTo(page: Page, name: string): Promise<boolean> {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      if (!element) return ''
      const labelled = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? ''
      return `${labelled}|${element.textContent ?? ''}`.trim()
    })
    if (focused.split('|').some((part) => part.trim() === name)) return true
  }
  return false
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } })

  for (const { path, heading, action, signedIn } of PAGES) {
    test(`${path} fits the screen in either theme and its main control is reachable by keyboard`, async ({ page }) => {
      if (signedIn) await signedInNewUser(page) // pages that need an account (SPEC §2)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.locator('main, #main').first()).toBeVisible()
      for (const colorScheme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme })
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`))
        expect(await page.evaluate(() => document.documentElement.scrollWidth), colorScheme).toBeLessThanOrEqual(360)
      }
      expect(await tabTo(page, action)).toBe(true)
    })
  }
})
