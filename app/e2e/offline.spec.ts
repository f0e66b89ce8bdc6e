import { expect, test } from '@playwright/test'

// The service worker precaches the shell, so a visited app opens without a network.
test.use({ serviceWorkers: 'allow' })

test('the app shell opens offline after one visit', async ({ page, context }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    // Wait for the precache to finish (the worker activates only after it has cached the shell).
    if (registration.active?.state !== 'activated') {
      await new Promise<void>((resolve) => registration.active?.addEventListener('statechange', () => resolve()))
    }
  })
  await context.setOffline(true)
  await page.goto('/faq')
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible()
  await context.setOffline(false)
})
