/**
 * Reads the mail Auth sent through the SMTP capture (one .eml file per message, named
 * `<time_ns>-<n>.eml` so the name orders them). Every test uses its own addresses, so the next unseen
 * message to an address is the one the test caused.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { mailDir } from './env'

export interface Mail {
  file: string
  to: string
  subject: string
  html: string
  /** href targets, HTML entities decoded */
  links: string[]
  /** the one-time code ("enter the code: 123456"), if any */
  code: string | null
}

const parsed = new Map<string, Mail>()

function decodeQuotedPrintable(text: string): string {
  const bytes = Buffer.from(text.replace(/=\r?\n/g, ''), 'latin1').toString('latin1')
  const out = bytes.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(out, 'latin1').toString('utf8')
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

interface Part { headers: (name: string) => string; body: string }

function splitPart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/)
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ')
  const headers = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? ''
  return { headers, body: split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '') }
}

/** The HTML of a message: the body itself, or the text/html part of a multipart message. */
function htmlOf(part: Part): string {
  const type = part.headers('Content-Type')
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    const parts = part.body.split(`--${boundary}`).slice(1, -1).map((p) => splitPart(p.replace(/^\r?\n/, '')))
    const html = parts.find((p) => /^(text\/html|multipart\/)/i.test(p.headers('Content-Type')))
    return html ? htmlOf(html) : ''
  }
  const encoding = part.headers('Content-Transfer-Encoding').toLowerCase()
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body)
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8')
  return part.body
}

function parse(file: string): Mail {
  const message = splitPart(readFileSync(join(mailDir, file), 'utf8'))
  const to = message.headers('To')
  const html = htmlOf(message)
  return {
    file,
    to: (to.match(/<([^>]+)>/)?.[1] ?? to).toLowerCase(),
    subject: message.headers('Subject'),
    html,
    links: [...html.matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1])),
    code: html.match(/code:\s*(\d{6,10})/)?.[1] ?? null,
  }
}

function mailsTo(address: string): Mail[] {
  const files = readdirSync(mailDir)
    .filter((f) => f.endsWith('.eml'))
    .sort((a, b) => (BigInt(a.split('-')[0]) < BigInt(b.split('-')[0]) ? -1 : 1))
  const result: Mail[] = []
  for (const file of files) {
    let mail = parsed.get(file)
    if (!mail) {
      mail = parse(file)
      parsed.set(file, mail)
    }
    if (mail.to === address.toLowerCase()) result.push(mail)
  }
  return result
}

/** The messages to one (test-unique) address, in the order they arrived, each read once. */
export class Inbox {
  private seen = new Set<string>()

  constructor(readonly address: string) {}

  /** Waits for the next message not read yet (the capture writes each one as Auth sends it). */
  async next(timeoutMs = 15000): Promise<Mail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const mail = mailsTo(this.address).find((m) => !this.seen.has(m.file))
      if (mail) {
        this.seen.add(mail.file)
        return mail
      }
      if (Date.now() > deadline) throw new Error(`no new mail to ${this.address} in ${mailDir}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

/** The link to Auth's /verify in a message. */
export function verifyLink(mail: Mail): string {
  const link = mail.links.find((l) => /\/verify\?/.test(l))
  if (!link) throw new Error(`no verify link in "${mail.subject}" to ${mail.to}`)
  return link
}
