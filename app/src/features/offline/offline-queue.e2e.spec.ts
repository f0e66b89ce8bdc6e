import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type Page } from '@playwright/test'
import { expectNoSeriousAxeViolations } from '../../../e2e/support'
import { createPaste, PASTE_URL } from '../pastes/pastes.e2e-support'

// Reloading without a network needs the service worker's precached shell.
test.use({ serviceWorkers: 'allow' })

async function shellCached(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (registration.active?.state !== 'activated') {
      await new Promise<void>((resolve) => registration.active?.addEventListener('statechange', () => resolve()))
    }
  })
}

async function createOffline(page: Page, title: string, content: string) {
  await page.getByLabel('Title').fill(title)
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(content)
  await page.getByRole('button', { name: 'Create paste' }).click()
  await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('Pending sync')).toBeVisible()
}

test('a paste created offline survives a reload, syncs on reconnect and is visible to another browser', async ({ page, context, browser }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  // Read online once, so this browser keeps a copy to read offline.
  const knownTitle = `Read before the flight ${Date.now()}`
  const knownId = await createPaste(page, { title: knownTitle, content: 'boarding pass in bag' })
  await page.goto('/paste/new')
  await shellCached(page)
  await context.setOffline(true)
  await expect(page.getByText('You are offline. Changes will be saved locally and synced when you reconnect.')).toBeVisible()

  const title = `Offline note ${Date.now()}`
  await createOffline(page, title, 'written on a plane')
  await expect(page.getByRole('button', { name: 'Offline: 1 change waiting to sync' })).toBeVisible()

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Offline: 1 change waiting to sync' })).toBeVisible()
  // By keyboard: after the reload the "You are offline" toast may lie over the header's button, and a
  // pointer resting on a toast keeps it open (seen on a clean clone).
  await page.getByRole('button', { name: 'Offline: 1 change waiting to sync' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Cannot sync while offline')).toBeVisible()
  await expectNoSeriousAxeViolations(page)
  const localUrl = page.url()

  await page.goto(`/paste/${knownId}`)
  await expect(page.getByText('You are offline: this is the copy saved in this browser.')).toBeVisible()
  await expect(page.getByLabel(`Content of ${knownTitle}`)).toContainText('boarding pass in bag')
  await page.goto(localUrl)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByText('You are back online!')).toBeVisible()
  await expect(page.getByText('All changes successfully synced!')).toBeVisible()
  // The page moves on to the paste's real link, and the header has nothing pending.
  await expect(page).toHaveURL(PASTE_URL)
  await expect(page.getByTestId('pending-sync')).toHaveCount(0)
  const id = PASTE_URL.exec(page.url())?.[1]

  const other = await browser.newPage()
  await other.goto(`/paste/${id}`)
  await expect(other.getByLabel(`Content of ${title}`)).toContainText('written on a plane')
  await other.goto('/pastes')
  await expect(other.getByRole('link', { name: new RegExp(title) })).toBeVisible()
  await other.close()
})

test('queued work survives closing the browser while offline, and syncs when it reopens online', async ({ browser }, testInfo) => {
  const profile = mkdtempSync(join(tmpdir(), 'toolkit-e2e-profile-'))
  const { baseURL, launchOptions } = testInfo.project.use
  const launch = () => chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, serviceWorkers: 'allow' })
  const title = `Across restarts ${Date.now()}`
  try {
    let context = await launch()
    let page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/paste/new')
    await shellCached(page)
    await context.setOffline(true)
    await createOffline(page, title, 'queued before the browser closed')
    await context.close()

    // Reopened, still offline: the shell, the queue and the local copy are all there.
    context = await launch()
    await context.setOffline(true)
    page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/pastes')
    await expect(page.getByRole('region', { name: 'Waiting to sync' }).getByRole('link', { name: new RegExp(title) })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Offline: 1 change waiting to sync' })).toBeVisible()
    await page.getByRole('region', { name: 'Waiting to sync' }).getByRole('link', { name: new RegExp(title) }).click()
    await expect(page.getByText('queued before the browser closed')).toBeVisible()

    await context.setOffline(false)
    await expect(page.getByText('All changes successfully synced!')).toBeVisible()
    await expect(page).toHaveURL(PASTE_URL)
    const id = PASTE_URL.exec(page.url())?.[1]
    await context.close()

    const other = await browser.newPage()
    await other.goto(`/paste/${id}`)
    await expect(other.getByText('queued before the browser closed')).toBeVisible()
    await other.close()
  } finally {
    rmSync(profile, { recursive: true, force: true })
  }
})
