import { describe, expect, it } from 'vitest'
import { countByStatus, filterResults, readNdjson, sortResults, usernameProblem, type UsernameResult } from '@/tools/username-checker/username-checker.service'

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

async function collect(stream: ReadableStream<Uint8Array>) {
  const lines: unknown[] = []
  for await (const line of readNdjson(stream)) lines.push(line)
  return lines
}

describe('usernameProblem', () => {
  it('accepts what the BFF accepts', () => {
    expect(usernameProblem('ada.lovelace_1815-x')).toBeNull()
    expect(usernameProblem('')).toBeNull()
    expect(usernameProblem('a'.repeat(64))).toBeNull()
  })

  it('explains what is wrong', () => {
    expect(usernameProblem('-ada')).toBe('Start with a letter or digit.')
    expect(usernameProblem('ada lovelace')).toBe('“ ” is not allowed: use letters, digits, “.”, “_” or “-”.')
    expect(usernameProblem('a'.repeat(65))).toBe('At most 64 characters.')
  })
})

describe('readNdjson', () => {
  it('reassembles lines split across chunks, including multi-byte characters', async () => {
    const text = '{"type":"start","sites":2}\n{"site":"Zürich"}\n{"type":"done"}'
    const bytes = new TextEncoder().encode(text)
    const split = [bytes.slice(0, 5), bytes.slice(5, 33), bytes.slice(33, 34), bytes.slice(34)]
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of split) controller.enqueue(part)
        controller.close()
      },
    })
    expect(await collect(stream)).toEqual([{ type: 'start', sites: 2 }, { site: 'Zürich' }, { type: 'done' }])
  })

  it('skips blank lines', async () => {
    expect(await collect(streamOf(['{"a":1}\n\n', '\n{"b":2}\n']))).toEqual([{ a: 1 }, { b: 2 }])
  })
})

describe('filters', () => {
  const result = (site: string, status: UsernameResult['status']): UsernameResult => ({ type: 'result', site, url: `https://${site}.example/ada`, status })
  const results = [result('GitHub', 'taken'), result('GitLab', 'available'), result('Reddit', 'blocked'), result('Gitea', 'taken')]

  it('counts every status', () => {
    expect(countByStatus(results)).toEqual({ available: 1, taken: 2, invalid: 0, unknown: 0, blocked: 1 })
  })

  it('sorts by arrival, by status (available first) or by name', () => {
    expect(sortResults(results, 'arrival').map((r) => r.site)).toEqual(['GitHub', 'GitLab', 'Reddit', 'Gitea'])
    expect(sortResults(results, 'status').map((r) => r.site)).toEqual(['GitLab', 'Gitea', 'GitHub', 'Reddit'])
    expect(sortResults(results, 'name').map((r) => r.site)).toEqual(['Gitea', 'GitHub', 'GitLab', 'Reddit'])
  })

  it('filters by status and site name', () => {
    expect(filterResults(results, new Set(['taken']), '').map((r) => r.site)).toEqual(['GitHub', 'Gitea'])
    expect(filterResults(results, new Set(['taken', 'available']), 'gitl').map((r) => r.site)).toEqual(['GitLab'])
  })
})
