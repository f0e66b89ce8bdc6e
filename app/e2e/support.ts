import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'

/** Collects console errors and uncaught exceptions for the life of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

/**
 * Brings the page to rest before a check reads colours: axe measures a toast that is still fading in
 * as low contrast. A toast that has not mounted yet is waited for (sonner starts its entering transition
 * then); the pointer is put on it, which pauses its timer (sonner does so while the pointer is over it);
 * then every running animation and transition with an end is finished at once, not waited for (a paused
 * one never ends, and a loaded machine stretches the rest). A toast may leave at any moment meanwhile:
 * then there is nothing of it to measure, and no step waits for it.
 */
async function settleAnimations(page: Page): Promise<void> {
  const spot = await page.evaluate(async () => {
    const toast = document.querySelector('[data-sonner-toast]')
    if (!toast) return null
    await new Promise<void>((resolve) => {
      const mounted = () => toast.getAttribute('data-mounted') === 'true' || !toast.isConnected
      if (mounted()) return resolve()
      const observer = new MutationObserver(() => {
        if (!mounted()) return
        observer.disconnect()
        resolve()
      })
      observer.observe(document.body, { attributes: true, childList: true, subtree: true })
    })
    const { x, y, width, height } = toast.getBoundingClientRect()
    return toast.isConnected ? { x: x + width / 2, y: y + height / 2 } : null
  })
  if (spot) await page.mouse.move(spot.x, spot.y)
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime)) animation.finish()
    }
  })
}

/** Headings that skip a level after the one before them (an h3 straight after the h1): screen-reader users
 * navigate by level, and Lighthouse counts it against accessibility. */
/**
 * Notices are drawn by a toaster whose code arrives just after the first paint (app/providers.tsx):
 * a test that cuts the connection at once waits for it first, as it waits for the page's own code.
 */
export async function toasterReady(page: Page): Promise<void> {
  await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached()
}

export async function headingLevelSkips(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skips: string[] = []
    let previous = 0
    for (const heading of Array.from(document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6'))) {
      if (heading.closest('[hidden], [aria-hidden="true"]')) continue
      const level = Number(heading.tagName[1])
      if (previous && level > previous + 1) skips.push(`h${previous} then h${level} "${heading.textContent?.trim()}"`)
      previous = level
    }
    return skips
  })
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
// axe-core as @axe-core/playwright itself loads it (the same version, the same rules).
const AXE_SOURCE: string = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source

type Violation = { id: string; impact?: string | null; targets: string[] }

/**
 * axe's violations on the page as it is now. A page without frames (the app has none) is checked in
 * place: axe is put into the document once and run there for each check (AxeBuilder's legacy mode
 * sends its 0.5 MB source twice per check, most of a check's time; the same rules find the same
 * violations). Only violations are gathered, not the passes. A page with frames keeps AxeBuilder's
 * default, which also reaches cross-origin ones.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (page.frames().length > 1) {
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
    return results.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => node.target.join(' ')) }))
  }
  type Axe = { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact?: string | null; nodes: { target: string[] }[] }[] }> }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async (tags) => {
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => node.target.join(' ')) }))
  }, AXE_TAGS)
}

export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await settleAnimations(page)
  const serious = (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.targets.join(', ')}`)
  expect(serious, serious.join('\n')).toEqual([])
}

/**
 * The theme check of a flow: the page as it is now, in the dark theme and then the light one (each
 * confirmed on <html>), without serious axe violations in either. A flow runs once and calls this
 * where it checks accessibility, instead of running twice, once per theme. The page follows the
 * system's colour scheme unless a theme was chosen in the app; it ends in light, the default.
 */
export async function expectNoSeriousAxeViolationsInBothThemes(page: Page): Promise<void> {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`))
    await expectNoSeriousAxeViolations(page)
  }
}

/** Navigates inside the single-page app, so paths the gateway owns (e.g. /s/*) still reach the router. */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

/**
 * Waits until focus is inside the open dialog. Radix moves it there, and starts listening for Escape,
 * in effects that run a frame after the dialog is drawn: a key pressed sooner goes nowhere.
 */
export async function focusInside(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
}

/**
 * The keyboard pass every dialog gets: opened from `opener` with Enter, focus is inside it, Tab and
 * Shift+Tab never leave it, Escape closes it and focus is back on the opener.
 */
export async function keyboardDialogPass(page: Page, opener: Locator, dialogName: string | RegExp): Promise<void> {
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: dialogName })
  await expect(dialog).toBeVisible()
  await focusInside(dialog)
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key)
    expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `focus stays in the dialog after ${key}`).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(opener).toBeFocused()
}

/** How far the page is wider than the window (0 or less: no sideways scrolling). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

/**
 * Each of `paths` loaded once and measured at 360 and 1280 px: the routes that scroll sideways, and by
 * how much. Each page loads at the width the one before ended on and is measured there first, then at
 * the other: one resize per page instead of three.
 */
export async function overflowingRoutes(page: Page, paths: readonly string[]): Promise<string[]> {
  const found: string[] = []
  let widths = [1280, 360]
  await page.setViewportSize({ width: widths[0], height: 800 })
  for (const path of paths) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    for (const [index, width] of widths.entries()) {
      if (index > 0) await page.setViewportSize({ width, height: 800 })
      const overflow = await horizontalOverflow(page)
      if (overflow > 0) found.push(`${path} at ${width} px: ${overflow} px too wide`)
    }
    widths = [...widths].reverse()
  }
  return found
}
