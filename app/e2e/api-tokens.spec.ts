import { expect, test } from '@playwright/test'
import { signedInNewUser } from './signed-in'
import { expectNoSeriousAxeViolations, watchConsole } from './support'

test('a personal API token is made in /account, shown once, works from a script within its scope, and stops when revoked', async ({ page, request }) => {
  const problems = watchConsole(page)
  await signedInNewUser(page)
  await page.goto('/account')
  const section = page.getByRole('region', { name: 'API tokens' })
  await expect(section.getByText('You have no API tokens.')).toBeVisible()
  await section.getByLabel('Token name').fill('nightly backup')
  await section.getByRole('button', { name: 'Make a token' }).click()
  await expect(section.getByText('Copy “nightly backup” now: it is shown only this once.')).toBeVisible()
  const token = (await section.getByTestId('new-api-token').textContent()) ?? ''
  expect(token).toMatch(/^tkp_/)
  await expectNoSeriousAxeViolations(page)

  // A script with the token (no session): it writes a paste as this user, and reads it back raw.
  const auth = { Authorization: `Bearer ${token}` }
  const made = await request.post('/api/pastes', { headers: auth, data: { content: '<b>from a script</b>', title: 'Backup log', privacy: 'unlisted' } })
  expect(made.status()).toBe(201)
  const { id } = (await made.json()) as { id: string }
  const raw = await request.get(`/api/pastes/${id}/raw`)
  expect(raw.headers()['content-type']).toMatch(/^text\/plain/)
  expect(raw.headers()['x-content-type-options']).toContain('nosniff')
  expect(await raw.text()).toBe('<b>from a script</b>')
  // Its scope is pastes only.
  const links = await request.post('/api/links', { headers: auth, data: { url: 'https://example.com/' } })
  expect(links.status()).toBe(403)
  expect(((await links.json()) as { error: { code: string } }).error.code).toBe('token_scope')

  // Shown once: after a reload only its name and prefix remain.
  await page.reload()
  const item = section.getByRole('list', { name: 'Your API tokens' }).getByRole('listitem').filter({ hasText: 'nightly backup' })
  await expect(item).toContainText(token.slice(0, 8))
  await expect(section.getByTestId('new-api-token')).toHaveCount(0)
  await expect(page.getByText(token)).toHaveCount(0)

  await item.getByRole('button', { name: 'Revoke nightly backup' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click()
  await expect(section.getByText('You have no API tokens.')).toBeVisible()
  const refused = await request.post('/api/pastes', { headers: auth, data: { content: 'after revocation' } })
  expect(refused.status()).toBe(401)
  expect(problems).toEqual([])
})

test('signing out of the other devices can revoke every API token too', async ({ page, request }) => {
  const problems = watchConsole(page)
  await signedInNewUser(page)
  await page.goto('/account')
  const section = page.getByRole('region', { name: 'API tokens' })
  const tokens: string[] = []
  for (const name of ['backup', 'deploy']) {
    await section.getByLabel('Token name').fill(name)
    await section.getByRole('button', { name: 'Make a token' }).click()
    await expect(section.getByText(`Copy “${name}” now: it is shown only this once.`)).toBeVisible()
    tokens.push((await section.getByTestId('new-api-token').textContent()) ?? '')
  }
  const devices = page.getByRole('region', { name: 'Other devices' })
  await devices.getByRole('checkbox', { name: /Also revoke all my API tokens/ }).check()
  await devices.getByRole('button', { name: 'Sign out of other devices' }).click()
  await expect(page.getByText('2 API tokens revoked.')).toBeVisible()
  await expect(section.getByText('You have no API tokens.')).toBeVisible()
  for (const token of tokens) {
    const refused = await request.get('/api/pastes?scope=mine', { headers: { Authorization: `Bearer ${token}` } })
    expect(refused.status()).toBe(401)
  }
  await expect(page).toHaveURL(/\/account$/) // this device stays signed in
  expect(problems).toEqual([])
})

test('the help page shows curl examples with this site’s address', async ({ page }) => {
  await page.goto('/help#api')
  const origin = new URL(page.url()).origin
  const section = page.getByRole('region', { name: 'Scripts and the API' })
  await expect(section).toBeVisible()
  await expect(section.getByText(`curl -X POST ${origin}/api/pastes`)).toBeVisible()
  await expect(section.getByText(`curl ${origin}/api/pastes/PASTE_ID/raw`)).toBeVisible()
})
