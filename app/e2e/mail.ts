import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect } from '@playwright/test'
import pg from 'pg'
import { required } from './stack-env'

// Reads the stack's captured mail (.eml files written by scripts/stack/mail_capture.py).

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** The readable bodies of a message: every part, with its transfer encoding undone. */
export function mailBodies(raw: string): string[] {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/)
  return parts.map((part) => {
    const split = part.search(/\r?\n\r?\n/)
    const headers = split >= 0 ? part.slice(0, split) : ''
    const body = split >= 0 ? part.slice(split).trim() : part
    if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body)
    if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    return body
  })
}

async function mailsTo(address: string): Promise<string[]> {
  const dir = required('TOOLKIT_MAIL_DIR')
  const names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort()
  const mails = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')))
  const to = new RegExp(`^To:.*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im')
  return mails.filter((mail) => to.test(mail))
}

/** Waits until `count` mails have reached the address and returns the newest one's verify link. */
export async function confirmationLink(address: string, count = 1): Promise<string> {
  let mails: string[] = []
  await expect.poll(async () => (mails = await mailsTo(address)).length, { message: `mail to ${address}`, timeout: 15_000 }).toBeGreaterThanOrEqual(count)
  const body = mailBodies(mails[mails.length - 1]).join('\n')
  const link = body.match(/href="([^"]*\/verify\?[^"]+)"/)?.[1]
  if (!link) throw new Error(`No confirmation link in the mail to ${address}:\n${body}`)
  return link.replaceAll('&amp;', '&')
}

/** Waits until a mail with a 6-digit confirmation code reaches the address and returns the newest code. */
export async function confirmationCode(address: string): Promise<string> {
  let code: string | undefined
  const newestCode = async () => {
    const mails = (await mailsTo(address)).reverse()
    return (code = mails.map((mail) => mailBodies(mail).join('\n').match(/enter the code: (\d{6})/)?.[1]).find(Boolean))
  }
  await expect.poll(newestCode, { message: `code mailed to ${address}`, timeout: 15_000 }).toBeTruthy()
  return code!
}

/**
 * As if Auth's mail frequency window (GOTRUE_SMTP_MAX_FREQUENCY) had passed since the address's last
 * confirmation mail: its stamp moved a minute back in the auth schema, so the next mail is sent
 * however quickly or slowly the test asks for it (no waiting, no second try).
 */
export async function mailWindowPassed(address: string): Promise<void> {
  const client = new pg.Client({ connectionString: required('TOOLKIT_DATABASE_ADMIN_URL') })
  await client.connect()
  try {
    const { rowCount } = await client.query(
      "update auth.users set confirmation_sent_at = confirmation_sent_at - interval '1 minute' where email = $1",
      [address],
    )
    expect(rowCount, `a user with the address ${address}`).toBe(1)
  } finally {
    await client.end()
  }
}
