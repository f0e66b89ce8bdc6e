import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Request } from '@playwright/test'
import pg from 'pg'
import { expectNoSeriousAxeViolations, watchConsole } from '../../../e2e/support'
import { fillPasteForm } from './pastes.e2e-support'

const ENCRYPTED_URL = /\/paste\/([A-Za-z0-9]{6,32})#([A-Za-z0-9_-]{43})$/

/** The paste's row as the database holds it, read as service_role (past RLS: what an operator would see). */
interface StoredRow {
  title: string
  content: string
  language: string
  encrypted: boolean
  privacy: string
}

async function storedRow(id: string): Promise<StoredRow> {
  const client = new pg.Client({ connectionString: process.env.TOOLKIT_DATABASE_URL })
  await client.connect()
  try {
    await client.query('begin')
    await client.query('set local role service_role')
    const { rows } = await client.query<StoredRow>('select title, content, language, encrypted, privacy from public.pastes where id = $1', [id])
    await client.query('rollback')
    expect(rows).toHaveLength(1)
    return rows[0]
  } finally {
    await client.end()
  }
}

/** Every log the test stack's services wrote (./scripts/test passes their directory). */
function stackLogs(): string {
  const directory = process.env.TOOLKIT_LOG_DIR ?? ''
  expect(directory, 'TOOLKIT_LOG_DIR (set by ./scripts/test)').not.toBe('')
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n')
}

test('an encrypted paste opens in another browser with the whole link only; the server stores and receives ciphertext', async ({ page, browser }) => {
  const problems = watchConsole(page)
  const stamp = Date.now().toString(36)
  const title = `Launch codes ${stamp}`
  const secret = `the vault opens with ${stamp}-swordfish`
  const sent: Request[] = []
  page.on('request', (request) => sent.push(request))

  await page.goto('/paste/new')
  await fillPasteForm(page, { title, content: secret, language: 'Markdown' })
  await page.getByRole('switch', { name: /Encrypt in my browser/ }).click()
  // Encrypted pastes are never listed: "Public" gives way to "Unlisted".
  await expect(page.getByRole('radio', { name: /^Unlisted/ })).toBeChecked()
  await expect(page.getByRole('radio', { name: /^Public/ })).toBeDisabled()
  await page.getByRole('button', { name: 'Create paste' }).click()

  await expect(page).toHaveURL(ENCRYPTED_URL)
  const [, id = '', key = ''] = ENCRYPTED_URL.exec(page.url()) ?? []
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByLabel(`Content of ${title}`)).toContainText(secret)
  await expect(page.getByTestId('paste-link')).toHaveText(new RegExp(`/paste/${id}#${key}$`))
  await expect(page.getByRole('link', { name: 'Raw' })).toHaveCount(0) // the server has no text to give
  await expectNoSeriousAxeViolations(page)

  // Nothing this browser sent carried the text, the title or the key: not the address, the headers
  // (a Referer, a cookie) or the body. The paste's own POST is among what was inspected, and sent the
  // very ciphertext the database holds.
  const created = sent.filter((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/pastes')
  expect(created, 'the POST /api/pastes that created the paste').toHaveLength(1)
  for (const request of sent) {
    const headers = Object.entries(await request.allHeaders()).map(([name, value]) => `${name}: ${value}`)
    const seen = [request.url(), ...headers, request.postData() ?? ''].join('\n')
    for (const plain of [secret, title, key]) expect(seen, `${request.method()} ${request.url()}`).not.toContain(plain)
  }
  const row = await storedRow(id)
  expect(row.encrypted).toBe(true)
  expect(row.content).toMatch(/^tk1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/)
  expect(created[0].postDataJSON()).toMatchObject({ content: row.content, encrypted: true })
  for (const value of [row.content, row.title, row.language]) {
    expect(value).not.toContain(stamp)
    expect(value).not.toContain('swordfish')
  }
  expect(row.privacy).toBe('unlisted')
  // The server hands back exactly what it stored, and no log of the stack holds the text or the key.
  expect(await (await page.request.get(`/api/pastes/${id}/raw`)).text()).toBe(row.content)
  const logs = stackLogs()
  expect(logs, 'the logs are the stack\'s: they saw this paste\'s requests').toContain(id)
  for (const plain of [secret, title, key]) expect(logs).not.toContain(plain)

  // Another browser: the whole link opens it there, in the browser.
  const visitor = await (await browser.newContext()).newPage()
  const visitorProblems = watchConsole(visitor)
  await visitor.goto(`/paste/${id}#${key}`)
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(visitor.getByLabel(`Content of ${title}`)).toContainText(secret)
  await expect(visitor.getByText('Encrypted in the browser')).toBeVisible()

  // Without the key, or with part of it, the page says the link is incomplete and shows no text.
  await visitor.goto(`/paste/${id}`)
  await expect(visitor.getByRole('alert')).toContainText('This link is incomplete: the key that opens this paste, after the # sign, is missing.')
  await expect(visitor.getByRole('heading', { level: 1, name: 'Encrypted paste' })).toBeVisible()
  await expect(visitor.getByText(secret)).toHaveCount(0)
  await visitor.goto(`/paste/${id}#${key.slice(0, 30)}`)
  await expect(visitor.getByRole('alert')).toContainText('the key after the # sign is cut short')
  // A key of the right shape that is not this paste's: AES-GCM refuses it.
  await visitor.goto(`/paste/${id}#${key.startsWith('A') ? 'B' : 'A'}${key.slice(1)}`)
  await expect(visitor.getByRole('alert')).toContainText('The key in this link does not open this paste.')
  await expectNoSeriousAxeViolations(visitor)
  expect(problems).toEqual([])
  expect(visitorProblems).toEqual([])
})
