import { expect, test, type Page } from '@playwright/test'
import { signedInNewUser } from './signed-in'
import { expectNoSeriousAxeViolations, watchConsole } from './support'

// Drafts of /paste/new (issue 35): a draft meant to be encrypted in the browser is never written to
// the browser's storage, a plain one is (and the page says so), and sign-out forgets every draft.

/** Every value this origin keeps in localStorage, sessionStorage and IndexedDB, as text. */
async function everythingStored(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const values = [localStorage, sessionStorage].flatMap((storage) =>
      Array.from({ length: storage.length }, (_, index) => `${storage.key(index)}=${storage.getItem(storage.key(index)!)}`))
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name)
        opening.onsuccess = () => resolve(opening.result)
        opening.onerror = () => reject(opening.error ?? new Error('IndexedDB did not open'))
      })
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const reading = db.transaction(store, 'readonly').objectStore(store).getAll()
          reading.onsuccess = () => resolve(reading.result)
          reading.onerror = () => reject(reading.error ?? new Error('IndexedDB did not read'))
        })
        values.push(`${name}/${store}=${JSON.stringify(rows)}`)
      }
      db.close()
    }
    return values
  })
}

const holding = (values: string[], text: string) => values.filter((value) => value.includes(text))

test('a paste to be encrypted in the browser is never stored as a draft; a plain draft is, and the page says where', async ({ page }) => {
  const problems = watchConsole(page)
  const stamp = Date.now().toString(36)
  // The page's timers on Playwright's clock (time still flows), so the test can move past the draft's pause.
  await page.clock.install()
  await page.goto('/paste/new')

  // Plain: kept in this browser, as the page says (and as this test can see).
  await page.getByLabel('Title').fill(`Shopping ${stamp}`)
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(`eggs, milk ${stamp}`)
  await expect(page.getByTestId('draft-note')).toHaveText('Your draft is kept in this browser until you create the paste or sign out.')
  await expect.poll(async () => holding(await everythingStored(page), `eggs, milk ${stamp}`).length).toBe(1)

  // Encrypted: the stored copy goes at once, and nothing typed from now on is written anywhere.
  await page.getByRole('switch', { name: /Encrypt in my browser/ }).click()
  await expect(page.getByTestId('draft-note')).toHaveText(
    'This draft is kept in this page’s memory only, never stored in this browser: reloading the page loses it.')
  const title = `Launch codes ${stamp}`
  const secret = `the vault opens with ${stamp}-swordfish`
  await page.getByLabel('Title').fill(title)
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(secret)
  await page.getByRole('textbox', { name: 'Content', exact: true }).press('End')
  await page.keyboard.type(' and a spare key')
  // The page's time moved past the plain draft's 300 ms pause at once: a write of this draft would have happened by now.
  await page.clock.runFor(1_500)
  const stored = await everythingStored(page)
  expect(stored.length).toBeGreaterThan(0) // the probe sees this origin's storage (the theme at least)
  for (const text of [stamp, 'swordfish', 'spare key', 'Launch codes']) expect(holding(stored, text)).toEqual([])
  await expectNoSeriousAxeViolations(page)

  // Around the app and back: the draft is still there (from memory), and still stored nowhere.
  await page.getByRole('link', { name: /home$/ }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await page.goBack()
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await expect(page.getByRole('switch', { name: /Encrypt in my browser/ })).toBeChecked()
  expect(holding(await everythingStored(page), stamp)).toEqual([])
  // A reload loses it, as the page said.
  await page.reload()
  await expect(page.getByLabel('Title')).toHaveValue('')
  expect(problems).toEqual([])
})

test('signing out forgets the drafts typed in this browser', async ({ page }) => {
  const problems = watchConsole(page)
  await signedInNewUser(page) // made through Auth's admin API: the sign-up form is auth.spec.ts's
  const stamp = Date.now().toString(36)
  await page.goto('/paste/new')
  await page.getByLabel('Title').fill(`Diary ${stamp}`)
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(`dear diary ${stamp}`)
  await expect.poll(async () => holding(await everythingStored(page), `dear diary ${stamp}`).length).toBe(1)
  await page.reload()
  await expect(page.getByLabel('Title')).toHaveValue(`Diary ${stamp}`) // kept, while signed in

  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByText('Successfully logged out')).toBeVisible()
  await expect.poll(async () => holding(await everythingStored(page), stamp)).toEqual([])
  await page.goto('/paste/new')
  await expect(page.getByLabel('Title')).toHaveValue('')
  await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue('')
  expect(problems).toEqual([])
})
