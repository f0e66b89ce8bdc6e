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

// The only journeys that change what every other test sees: pages switched off, a single admin left.
const PAGES_OFF_SPECS = /features\/admin\/(admin|disabled-pages-first)\.e2e\.spec\.ts$/
const LAST_ADMIN_SPECS = /features\/admin\/last-admin\.e2e\.spec\.ts$/

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
    { name: 'chromium', testIgnore: [PAGES_OFF_SPECS, LAST_ADMIN_SPECS], use: chromium },
    // These journeys switch pages off, which every other test would see: they run after the rest.
    // The two files switch different pages and each re-makes its admin before switching (the admin
    // journeys that only make admins of their own users run with the rest), so the two run side by
    // side, each file's tests in order.
    { name: 'site-wide', testMatch: PAGES_OFF_SPECS, dependencies: ['chromium'], use: chromium },
    // Leaves a single admin, which would take the admin rights of any other journey's admin: alone, last.
    { name: 'last-admin', testMatch: LAST_ADMIN_SPECS, dependencies: ['site-wide'], use: chromium, workers: 1 },
  ],
})
