import type { Page } from '@playwright/test'

/** 09:00 UTC on a Monday: a fixed "now" for pages whose timers a test drives. */
export const CLOCK_START = new Date('2026-11-02T09:00:00Z')

/**
 * Installs Playwright's clock and stops it before the page loads: from then on the page's time (Date,
 * timers, performance) moves only when the test calls `page.clock.runFor()`/`fastForward()`. Call it
 * before `page.goto`. `install()` alone lets time flow with the real clock, so on a loaded machine a
 * timer fires before the test has reached the moment it checks (the install prompt's 30 s did).
 */
export async function pauseClock(page: Page, at: Date = CLOCK_START): Promise<void> {
  await page.clock.install({ time: at })
  // A minute ahead of the install, never behind it (Playwright refuses to move the clock back), however
  // long the call takes on a busy machine.
  await page.clock.pauseAt(new Date(at.getTime() + 60_000))
}
