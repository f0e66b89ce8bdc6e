import { execSync } from 'node:child_process'
import { defineConfig, devices } from '@playwright/test'

// We use the system Chromium (Debian package); Playwright must never download a browser.
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  try {
    return execSync('which chromium', { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
}

// The journeys that change what every other test sees (pages switched off, a single admin left), and
// the admin journeys of two browsers each: run in the pool, beside another worker's browser, their own
// time doubled (13.6 → 28.9 test-seconds) and their neighbours slowed, so the suite took longer; here,
// one at a time, the second browser has the core the other worker leaves.
const SITE_WIDE_SPECS = /features\/admin\/(admin|admin-access-and-moderation|disabled-pages-first|last-admin)\.e2e\.spec\.ts$/

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
}

export default defineConfig({
  testDir: '.',
  testMatch: ['e2e/**/*.spec.ts', 'src/**/*.e2e.spec.ts'],
  // While working on one feature: TOOLKIT_E2E_GREP=<title regexp> ./scripts/test playwright (the count check then fails, as it should).
  grep: process.env.TOOLKIT_E2E_GREP ? new RegExp(process.env.TOOLKIT_E2E_GREP) : undefined,
  fullyParallel: true,
  // A stray test.only would run one test and pass: under CI (scripts/test sets CI=true) it fails the run.
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // Assertions retry until they hold; on a loaded machine a lazy page can take more than the default 5 s.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL || 'http://127.0.0.1:4173',
    // Service workers would serve cached shells between tests and hide server behaviour.
    serviceWorkers: 'block',
    trace: 'off',
  },
  projects: [
    { name: 'chromium', testIgnore: SITE_WIDE_SPECS, use: chromium },
    // These run on their own, after the rest, and one at a time (one leaves a single admin while
    // another switches pages as its own admin). The admin journeys of one browser (admin-polish,
    // users-on-phones, assurance) run with the rest.
    { name: 'site-wide', testMatch: SITE_WIDE_SPECS, dependencies: ['chromium'], use: chromium, workers: 1 },
  ],
})
