import { expect, test } from '@playwright/test'
import { clientNavigate, expectNoSeriousAxeViolationsInBothThemes, headingLevelSkips, horizontalOverflow, watchConsole } from './support'

// Every SPEC §2 route plus /changelog and /settings/security, with its page heading. Pages that need
// an account send these signed-out visits to /login (protected-routes.spec.ts and accounts.spec.ts
// check them signed in).
const SIGN_IN = 'Sign in'
const ROUTES: { path: string; heading: string; clientSide?: boolean }[] = [
  { path: '/', heading: 'Everyday tools, beautifully simple' },
  { path: '/all-tools', heading: 'All tools' },
  { path: '/login', heading: 'Sign in' },
  { path: '/dashboard', heading: SIGN_IN },
  { path: '/account', heading: SIGN_IN },
  { path: '/admin', heading: SIGN_IN },
  { path: '/settings/security', heading: SIGN_IN },
  { path: '/help', heading: 'Help and support' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/privacy-policy', heading: 'Privacy policy' },
  { path: '/terms-of-service', heading: 'Terms of service' },
  { path: '/changelog', heading: 'Changelog' },
  { path: '/glass-showcase', heading: 'Glass showcase' },
  { path: '/converter', heading: SIGN_IN },
  { path: '/translator', heading: SIGN_IN },
  { path: '/username-checker', heading: 'Username checker' },
  { path: '/color-picker', heading: SIGN_IN },
  { path: '/qr-generator', heading: 'QR code generator' },
  { path: '/password-generator', heading: 'Password generator' },
  { path: '/text-cleaner', heading: 'Text cleaner' },
  { path: '/url-shortener', heading: 'URL shortener' },
  { path: '/image-to-text', heading: 'Image to text' },
  { path: '/image-metadata', heading: 'Image metadata' },
  { path: '/pdf-editor', heading: 'PDF editor' },
  { path: '/pastes', heading: 'Pastes' },
  { path: '/paste/new', heading: 'New paste' },
  { path: '/paste/e2e-demo', heading: 'Paste' },
  { path: '/paste/e2e-demo/edit', heading: 'Edit paste' },
  // /s/{code} resolves at once and moves on: src/tools/url-shortener/short-link-redirect.e2e.spec.ts checks its screen.
  { path: '/no/such/page', heading: 'Page not found' },
]

// Each route once; its colours are checked in both themes (support.ts), its width at 360 and 1280 px
// (signed in, with long names: overflow.spec.ts).
for (const route of ROUTES) {
  test(`${route.path} renders its heading (no level skipped), fits 360 and 1280 px, without console errors or serious a11y issues in either theme`, async ({ page }) => {
    const problems = watchConsole(page)
    if (route.clientSide) {
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await clientNavigate(page, route.path)
    } else {
      await page.goto(route.path)
    }
    await expect(page.getByRole('heading', { level: 1, name: route.heading, exact: true })).toBeVisible()
    await expect(page).toHaveTitle(/ \| .+'s Toolkit$/)
    await expectNoSeriousAxeViolationsInBothThemes(page)
    expect(await headingLevelSkips(page), 'headings that skip a level').toEqual([])
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      expect(await horizontalOverflow(page), `${route.path} at ${width} px: too wide by`).toBeLessThanOrEqual(0)
    }
    expect(problems).toEqual([])
  })
}
