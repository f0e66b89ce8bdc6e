import { expect, test, type Page } from '@playwright/test'
import { clientNavigate, expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'

async function shorten(page: Page, url: string, expiresAt?: string): Promise<string> {
  const response = await page.request.post('/api/links', { data: { url, ...(expiresAt ? { expires_at: expiresAt } : {}) } })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { short_code: string }).short_code
}

test('a short link opened in the browser lands on its destination', async ({ page }) => {
  await page.goto('/')
  const origin = new URL(page.url()).origin
  const code = await shorten(page, `${origin}/faq`)
  await page.goto(`/s/${code}`)
  await expect(page).toHaveURL(`${origin}/faq`)
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible()
})

test('an expired short link lands on the home page, which says why', async ({ page }) => {
  await page.goto('/')
  const origin = new URL(page.url()).origin
  const code = await shorten(page, `${origin}/faq`, new Date(Date.now() + 1500).toISOString())
  await expect
    .poll(async () => {
      await page.goto(`/s/${code}`)
      return new URL(page.url()).pathname
    }, { timeout: 15_000 })
    .toBe('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Everyday tools, beautifully simple' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'That short link has expired' })).toBeVisible()
  // The reason leaves the address: a reload shows the plain home page.
  await expect(page).toHaveURL(/\/$/)
  await page.reload()
  await expect(page.getByText('That short link has expired')).toHaveCount(0)
})

test('the in-app /s/{code} screen says it is redirecting, resolves through the BFF and replaces the location', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/')
  const origin = new URL(page.url()).origin
  const code = await shorten(page, `${origin}/help`)
  // Hold the resolution until the screen has been checked; then let the BFF answer.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**/api/links/resolve/${code}`, async (route) => {
    await held
    await route.continue()
  })
  await clientNavigate(page, `/s/${code}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Redirecting you...' })).toBeVisible()
  await expect(page.getByText("You'll be taken to your destination momentarily")).toBeVisible()
  await expectNoSeriousAxeViolationsInBothThemes(page)
  release()
  await expect(page).toHaveURL(`${origin}/help`)
  await expect(page.getByRole('heading', { level: 1, name: 'Help and support' })).toBeVisible()
  // replace(): Back leaves the redirect screen out.
  await page.goBack()
  await expect(page).toHaveURL(`${origin}/`)
  expect(problems).toEqual([])
})

test('the in-app screen sends an unknown code home, which says why', async ({ page }) => {
  await page.goto('/help')
  await clientNavigate(page, `/s/no-such-code-${Date.now()}`)
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Everyday tools, beautifully simple' })).toBeVisible()
  const notice = page.getByRole('status').filter({ hasText: 'That short link doesn’t exist' })
  await expect(notice).toBeVisible()
  await page.getByRole('button', { name: 'Dismiss this notice' }).click()
  await expect(notice).toHaveCount(0)
})
