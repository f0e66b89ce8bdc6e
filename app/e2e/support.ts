import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

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
 * Lets entering toasts and transitions finish before a check reads colours: axe measures a toast that is still
 * fading in as low contrast. Hovering the toast pauses its timer (sonner does so while the pointer is over it).
 */
async function settleAnimations(page: Page): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').first()
  if ((await toast.count()) > 0) {
    await expect(toast).toHaveAttribute('data-mounted', 'true')
    await toast.hover()
  }
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await settleAnimations(page)
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious, serious.join('\n')).toEqual([])
}

/** Navigates inside the single-page app, so paths the gateway owns (e.g. /s/*) still reach the router. */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}
