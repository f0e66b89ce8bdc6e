import { api, apiErrorFrom, type ApiSchemas } from '@/lib/api/client'

export type UsernameLine = ApiSchemas['UsernameStreamLine']
export type UsernameResult = ApiSchemas['UsernameResult']
export type SiteStatus = UsernameResult['status']

export const STATUSES: readonly SiteStatus[] = ['available', 'taken', 'invalid', 'unknown', 'blocked']

/** The summary's three answers, as the BFF's `done` line counts them; the filters use the same names. */
export type Outcome = 'found' | 'not_found' | 'could_not_check'
export const OUTCOMES: readonly Outcome[] = ['found', 'not_found', 'could_not_check']
export const OUTCOME_LABELS: Record<Outcome, string> = { found: 'Found', not_found: 'Not found', could_not_check: 'Could not check' }

export function outcomeOf(status: SiteStatus): Outcome {
  if (status === 'taken') return 'found'
  if (status === 'available') return 'not_found'
  return 'could_not_check' // unknown, blocked (rate limit, bot wall) and invalid (the site refuses the name)
}

/** The error the BFF answers at once when the server has no internet (no rows follow). */
export const INTERNET_UNREACHABLE = 'internet_unreachable'

/** The BFF's rule (USERNAME_PATTERN), checked as the user types; null when the name is fine. */
export function usernameProblem(name: string): string | null {
  if (name === '') return null
  if (name.length > 64) return 'At most 64 characters.'
  if (!/^[A-Za-z0-9]/.test(name)) return 'Start with a letter or digit.'
  const bad = name.match(/[^A-Za-z0-9._-]/)
  if (bad) return `“${bad[0]}” is not allowed: use letters, digits, “.”, “_” or “-”.`
  return null
}

/** Splits a byte stream into JSON lines, however the chunks happen to fall. */
export async function* readNdjson(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      buffer += decoder.decode(value, { stream: !done })
      let newline = buffer.indexOf('\n')
      while (newline >= 0) {
        const line = buffer.slice(0, newline).trim()
        buffer = buffer.slice(newline + 1)
        if (line) yield JSON.parse(line)
        newline = buffer.indexOf('\n')
      }
      if (done) break
    }
    if (buffer.trim()) yield JSON.parse(buffer)
  } finally {
    reader.releaseLock()
  }
}

/** Streams GET /api/tools/username/{name}; each line is handed over as soon as it arrives. */
export async function streamUsernameCheck(name: string, onLine: (line: UsernameLine) => void, signal: AbortSignal, includeNsfw = false): Promise<void> {
  const { data, error, response } = await api().GET('/api/tools/username/{name}', {
    params: { path: { name }, query: includeNsfw ? { nsfw: true } : {} },
    headers: { Accept: 'application/x-ndjson' },
    parseAs: 'stream',
    signal,
  })
  if (!response.ok || !data) throw apiErrorFrom(response.status, error)
  for await (const line of readNdjson(data)) onLine(line as UsernameLine)
}

export function countByOutcome(results: readonly UsernameResult[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { found: 0, not_found: 0, could_not_check: 0 }
  for (const result of results) counts[outcomeOf(result.status)] += 1
  return counts
}

/** "Found on 4 sites · not found on 2 · could not check 7" */
export function summaryLine(counts: Record<Outcome, number>): string {
  const sites = (n: number) => `${n} site${n === 1 ? '' : 's'}`
  return `Found on ${sites(counts.found)} · not found on ${sites(counts.not_found)} · could not check ${sites(counts.could_not_check)}`
}

/** Results whose outcome is shown and whose site name contains the query (case-insensitive). */
export function filterResults(results: readonly UsernameResult[], shown: ReadonlySet<Outcome>, query: string): UsernameResult[] {
  const needle = query.trim().toLowerCase()
  return results.filter((result) => shown.has(outcomeOf(result.status)) && (!needle || result.site.toLowerCase().includes(needle)))
}

const EXPORT_COLUMNS = ['site', 'url', 'result', 'status', 'reason'] as const

function exportRows(results: readonly UsernameResult[]) {
  return results.map((result) => ({ site: result.site, url: result.url, result: OUTCOME_LABELS[outcomeOf(result.status)], status: result.status, reason: result.detail ?? '' }))
}

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are quoted with a leading apostrophe. */
export function resultsCsv(results: readonly UsernameResult[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
  }
  const lines = exportRows(results).map((row) => EXPORT_COLUMNS.map((column) => cell(row[column])).join(','))
  return [EXPORT_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n'
}

export function resultsJson(username: string, results: readonly UsernameResult[]): string {
  return JSON.stringify({ username, summary: countByOutcome(results), results: exportRows(results) }, null, 2)
}

export type SortOrder = 'arrival' | 'status' | 'name'

const OUTCOME_RANK: Record<Outcome, number> = { not_found: 0, found: 1, could_not_check: 2 }
const byName = new Intl.Collator(undefined, { sensitivity: 'base' })

/** Arrival order as streamed, not found first (then found, then could not check), or alphabetical by site. */
export function sortResults(results: readonly UsernameResult[], order: SortOrder): UsernameResult[] {
  if (order === 'arrival') return [...results]
  if (order === 'name') return [...results].sort((a, b) => byName.compare(a.site, b.site))
  return [...results].sort((a, b) => OUTCOME_RANK[outcomeOf(a.status)] - OUTCOME_RANK[outcomeOf(b.status)] || byName.compare(a.site, b.site))
}
