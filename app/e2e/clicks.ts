import { expect } from '@playwright/test'
import pg from 'pg'
import { required } from './stack-env'

// The redirect service counts clicks in memory and writes them in batches (every 0.1 s, later on a
// busy machine): a page that reads a link's clicks right after a visit can still get the old count,
// and a list does not refresh itself. Tests wait here until the visit is in the database, then read it
// in the app as a user would.

async function clicksOf(code: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: required('TOOLKIT_DATABASE_ADMIN_URL') })
  await client.connect()
  try {
    const { rows } = await client.query<{ clicks: number }>('select clicks::int as clicks from public.shortened_urls where short_code = $1', [code])
    return rows[0]?.clicks
  } finally {
    await client.end()
  }
}

/** Waits until the short link `code` has `clicks` clicks recorded. */
export async function clicksRecorded(code: string, clicks: number): Promise<void> {
  await expect.poll(() => clicksOf(code), { message: `clicks of /s/${code}`, timeout: 15_000 }).toBe(clicks)
}
