/**
 * Direct writes to the auth schema, only to make time pass: a session older than 24 hours (password
 * changes then need a reauthentication nonce), refresh tokens revoked longer ago than the reuse interval,
 * and a confirmation mail sent longer ago than the mail frequency window.
 */
import pg from 'pg'

import { databaseUrl } from './env'

async function run(sql: string, params: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query(sql, params)).rowCount ?? 0
  } finally {
    await client.end()
  }
}

export async function ageSession(sessionId: string, hours: number): Promise<void> {
  const rows = await run(
    `update auth.sessions set created_at = created_at - make_interval(hours => $2) where id = $1`,
    [sessionId, hours],
  )
  if (rows !== 1) throw new Error(`session ${sessionId} not found`)
}

export async function ageRefreshToken(token: string, seconds: number): Promise<void> {
  const rows = await run(
    `update auth.refresh_tokens set updated_at = updated_at - make_interval(secs => $2) where token = $1`,
    [token, seconds],
  )
  if (rows !== 1) throw new Error(`refresh token ${token} not found`)
}

export async function ageMailSent(email: string, seconds: number): Promise<void> {
  const rows = await run(
    `update auth.users set confirmation_sent_at = confirmation_sent_at - make_interval(secs => $2) where email = $1`,
    [email, seconds],
  )
  if (rows !== 1) throw new Error(`user ${email} not found`)
}
