// The choices of the paste form and how they become the BFF's fields.
import type { PastePrivacy } from '@/features/pastes/api/paste-types'

/** Languages offered in the picker; ids are highlight.js names (and what the BFF stores). */
export const LANGUAGES = [
  { id: 'plaintext', label: 'Plain text' },
  { id: 'bash', label: 'Bash / shell' },
  { id: 'c', label: 'C' },
  { id: 'cpp', label: 'C++' },
  { id: 'csharp', label: 'C#' },
  { id: 'css', label: 'CSS' },
  { id: 'diff', label: 'Diff' },
  { id: 'go', label: 'Go' },
  { id: 'xml', label: 'HTML / XML' },
  { id: 'java', label: 'Java' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'json', label: 'JSON' },
  { id: 'kotlin', label: 'Kotlin' },
  { id: 'markdown', label: 'Markdown' },
  { id: 'php', label: 'PHP' },
  { id: 'python', label: 'Python' },
  { id: 'ruby', label: 'Ruby' },
  { id: 'rust', label: 'Rust' },
  { id: 'sql', label: 'SQL' },
  { id: 'typescript', label: 'TypeScript' },
  { id: 'yaml', label: 'YAML' },
] as const


export function languageLabel(id: string): string {
  return LANGUAGES.find((language) => language.id === id)?.label ?? id
}

/** File extension for downloads, so the saved file opens in the right editor mode. */
const EXTENSIONS: Record<string, string> = {
  plaintext: 'txt', bash: 'sh', c: 'c', cpp: 'cpp', csharp: 'cs', css: 'css', diff: 'diff', go: 'go', xml: 'html',
  java: 'java', javascript: 'js', json: 'json', kotlin: 'kt', markdown: 'md', php: 'php', python: 'py', ruby: 'rb',
  rust: 'rs', sql: 'sql', typescript: 'ts', yaml: 'yaml',
}

export function downloadName(title: string, id: string, language: string): string {
  const base = title.trim().replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || `paste-${id}`
  return `${base}.${EXTENSIONS[language] ?? 'txt'}`
}

export const EXPIRY_OPTIONS = [
  { id: 'never', label: 'Never', ms: null },
  { id: '10m', label: '10 minutes', ms: 10 * 60_000 },
  { id: '1h', label: '1 hour', ms: 60 * 60_000 },
  { id: '1d', label: '1 day', ms: 24 * 60 * 60_000 },
  { id: '1w', label: '1 week', ms: 7 * 24 * 60 * 60_000 },
  { id: '1mo', label: '1 month', ms: 30 * 24 * 60 * 60_000 },
] as const

export type ExpiryId = (typeof EXPIRY_OPTIONS)[number]['id']

/** The expiry as the BFF wants it: an ISO time with zone, or null for never. */
export function expiresAtFor(expiry: ExpiryId, now = Date.now()): string | null {
  const ms = EXPIRY_OPTIONS.find((option) => option.id === expiry)?.ms ?? null
  return ms === null ? null : new Date(now + ms).toISOString()
}

export const PRIVACY_OPTIONS: { id: PastePrivacy; label: string; hint: string }[] = [
  { id: 'public', label: 'Public', hint: 'Listed on /pastes and readable by everyone.' },
  { id: 'unlisted', label: 'Unlisted', hint: 'Readable by whoever has the link; never listed.' },
  { id: 'private', label: 'Private', hint: 'Only you, signed in, can read it.' },
]

/** "in 10 minutes", "in 3 days", "expired" — how long a paste has left. */
export function expiresIn(expiresAt: string | null, now = Date.now()): string {
  if (!expiresAt) return 'never expires'
  const left = new Date(expiresAt).getTime() - now
  if (left <= 0) return 'expired'
  const units: [Intl.RelativeTimeFormatUnit, number][] = [['day', 86_400_000], ['hour', 3_600_000], ['minute', 60_000]]
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' })
  for (const [unit, size] of units) if (left >= size) return `expires ${format.format(Math.round(left / size), unit)}`
  return `expires ${format.format(Math.max(1, Math.round(left / 1000)), 'second')}`
}
