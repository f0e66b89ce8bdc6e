import { expect, test } from '@playwright/test'
import { signedInNewUser } from '../../../e2e/signed-in'
import { expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'
import { createPaste, fillPasteForm, MISSING, PASTE_URL } from './pastes.e2e-support'

const PYTHON = 'def greet(name):\n    return f"Hello, {name}!"\n'

test('an anonymous visitor creates a highlighted Python paste and finds it in the recent list', async ({ page }) => {
  const problems = watchConsole(page)
  const title = `Greeter ${Date.now()}`
  await page.goto('/paste/new')
  await fillPasteForm(page, { title, content: PYTHON, language: 'Python' })
  // The editor colours the text as it is typed.
  await expect(page.locator('form .hljs-keyword').first()).toHaveText('def')
  await expectNoSeriousAxeViolationsInBothThemes(page)
  await page.getByRole('button', { name: 'Create paste' }).click()

  await expect(page).toHaveURL(PASTE_URL)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const content = page.getByLabel(`Content of ${title}`)
  await expect(content).toContainText('return f"Hello, {name}!"')
  await expect(content.locator('.hljs-keyword').first()).toHaveText('def')
  await expect(page.getByRole('img', { name: /^QR code for http.+\/paste\/[A-Za-z0-9]+$/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Raw' })).toHaveAttribute('href', /\/api\/pastes\/[A-Za-z0-9]+\/raw$/)
  await expectNoSeriousAxeViolationsInBothThemes(page)

  await page.goto('/pastes')
  const item = page.getByRole('region', { name: 'Recent public pastes' }).getByRole('link', { name: new RegExp(title) })
  await expect(item).toBeVisible()
  await page.getByLabel('Search pastes by title').fill(`greeter ${title.split(' ').at(-1)}`)
  await expect(item).toBeVisible()
  await page.getByLabel('Search pastes by title').fill('no such title anywhere')
  await expect(page.getByText('No paste title matches your search.')).toBeVisible()
  await expectNoSeriousAxeViolationsInBothThemes(page)
  expect(problems).toEqual([])
})

test('at 360 px the paste pages fit the screen and work with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/paste/new')
  await page.getByLabel('Title').focus()
  await page.keyboard.type('Keyboard only')
  await page.keyboard.press('Tab') // language
  await page.keyboard.press('Tab') // content
  await page.keyboard.type('typed with the keyboard')
  await page.getByRole('button', { name: 'Create paste' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Keyboard only' })).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})

test("the holder of an anonymous paste's edit token edits it after a reload; another browser cannot", async ({ page, browser }) => {
  const title = `Editable ${Date.now()}`
  const id = await createPaste(page, { title, content: 'first version' })
  await page.reload()
  await expect(page.getByLabel(`Content of ${title}`)).toContainText('first version')
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveURL(`/paste/${id}/edit`)
  await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue('first version')
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill('second version')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(`/paste/${id}`)
  await expect(page.getByLabel(`Content of ${title}`)).toContainText('second version')

  const other = await browser.newPage()
  await other.goto(`/paste/${id}`)
  await expect(other.getByLabel(`Content of ${title}`)).toContainText('second version')
  await expect(other.getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await expect(other.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await other.goto(`/paste/${id}/edit`)
  await expect(other.getByText('Only the author of this paste can edit it.')).toBeVisible()
  await other.close()
})

test('the author deletes their paste; its link then shows it is gone', async ({ page }) => {
  const title = `Short-lived ${Date.now()}`
  const id = await createPaste(page, { title, content: 'delete me' })
  await page.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('button', { name: 'Delete paste' }).click()
  await expect(page).toHaveURL('/pastes')
  await page.goto(`/paste/${id}`)
  await expect(page.getByText(MISSING)).toBeVisible()
})

test('burn after reading: the first reader sees the paste, the next finds it gone', async ({ page, browser }) => {
  const title = `Secret ${Date.now()}`
  const id = await createPaste(page, { title, content: 'the eagle lands at noon', burn: true })
  // The author sees it from the creation, without reading (and burning) it.
  await expect(page.getByText('Share the link below once')).toBeVisible()
  await expect(page.getByLabel(`Content of ${title}`)).toContainText('the eagle lands at noon')
  // Reloading reads the author's own copy; it does not burn the paste either.
  await page.reload()
  await expect(page.getByLabel(`Content of ${title}`)).toContainText('the eagle lands at noon')

  const reader = await browser.newPage()
  await reader.goto(`/paste/${id}`)
  await expect(reader.getByLabel(`Content of ${title}`)).toContainText('the eagle lands at noon')
  const late = await browser.newPage()
  await late.goto(`/paste/${id}`)
  await expect(late.getByText(MISSING)).toBeVisible()
  await reader.close()
  await late.close()
})

test('expiry: the chosen time shows on the paste, and an expired paste is gone', async ({ page }) => {
  const title = `Ten minutes ${Date.now()}`
  await createPaste(page, { title, content: 'soon gone', expiry: 'In 10 minutes' })
  await expect(page.getByText('expires in 10 minutes')).toBeVisible()

  // The form's shortest expiry is 10 minutes; the API takes any future time, so make one that passes now.
  const expiresAt = new Date(Date.now() + 1500).toISOString()
  const created = await page.request.post('/api/pastes', { data: { title: 'About to expire', content: 'x', expires_at: expiresAt } })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  await expect
    .poll(async () => {
      await page.goto(`/paste/${id}`)
      return page.getByText(MISSING).isVisible()
    }, { timeout: 15_000 })
    .toBe(true)
})

test('a signed-in user likes a paste once, duplicates it, and keeps a private paste to themselves', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await signedInNewUser(page)
  const title = `Liked ${Date.now()}`
  const id = await createPaste(page, { title, content: 'like me' })
  await page.getByRole('button', { name: 'Like' }).click()
  await expect(page.getByTestId('paste-likes')).toHaveText('1 like')
  await page.reload()
  await page.getByRole('button', { name: 'Like' }).click()
  await expect(page.getByText('You already like this paste')).toBeVisible()
  await expect(page.getByTestId('paste-likes')).toHaveText('1 like')

  await page.getByRole('button', { name: 'Duplicate' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `${title} (Copy)` })).toBeVisible()
  expect(PASTE_URL.exec(page.url())?.[1]).not.toBe(id)
  await expect(page.getByTestId('paste-likes')).toHaveText('0 likes')

  const privateTitle = `Diary ${Date.now()}`
  const privateId = await createPaste(page, { title: privateTitle, content: 'only mine', privacy: 'Private' })
  // Opened afresh, the read waits for the restored session, so the owner still sees it.
  await page.goto(`/paste/${privateId}`)
  await expect(page.getByLabel(`Content of ${privateTitle}`)).toContainText('only mine')
  await page.goto('/pastes')
  await page.getByRole('tab', { name: 'My pastes' }).click()
  await expect(page.getByRole('region', { name: 'My pastes' }).getByRole('link', { name: new RegExp(privateTitle) })).toBeVisible()

  const anonymous = await browser.newPage()
  await anonymous.goto(`/paste/${privateId}`)
  await expect(anonymous.getByText(MISSING)).toBeVisible()
  await anonymous.goto('/pastes')
  await expect(anonymous.getByRole('region', { name: 'Recent public pastes' }).getByRole('link').first()).toBeVisible()
  await expect(anonymous.getByText(privateTitle)).toHaveCount(0)

  await signedInNewUser(anonymous)
  await anonymous.goto(`/paste/${privateId}`)
  await expect(anonymous.getByText(MISSING)).toBeVisible()
  await anonymous.close()
})
