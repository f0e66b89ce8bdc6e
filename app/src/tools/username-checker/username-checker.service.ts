import { api, apiErrorFrom, type ApiSchemas } from '@/lib/api/client'

export type UsernameLine = ApiSchemas['UsernameStreamLine']
export type UsernameResult = ApiSchemas['UsernameResult']
export type SiteStatus = UsernameResult['status']

export const STATUSES: readonly SiteStatus[] = ['available', 'taken', 'invalid', 'unknown', 'blocked']

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

export function countByStatus(results: readonly UsernameResult[]): Record<SiteStatus, number> {
  const counts = Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<SiteStatus, number>
  for (const result of results) counts[result.status] += 1
  return counts
}

/** Results whose status is shown and whose site name contains the query (case-insensitive). */
export function filterResults(results: readonly UsernameResult[], shown: ReadonlySet<SiteStatus>, query: string): UsernameResult[] {
  const needle = query.trim().toLowerCase()
  return results.filter((result) => shown.has(result.status) && (!needle || result.site.toLowerCase().includes(needle)))
}

export type SortOrder = 'arrival' | 'status' | 'name'

const STATUS_RANK: Record<SiteStatus, number> = { available: 0, taken: 1, unknown: 2, blocked: 3, invalid: 4 }
const byName = new Intl.Collator(undefined, { sensitivity: 'base' })

/** Arrival order as streamed, available first (then taken, …), or alphabetical by site. */
export function sortResults(results: readonly UsernameResult[], order: SortOrder): UsernameResult[] {
  if (order === 'arrival') return [...results]
  if (order === 'name') return [...results].sort((a, b) => byName.compare(a.site, b.site))
  return [...results].sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || byName.compare(a.site, b.site))
}
