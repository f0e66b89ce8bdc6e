import { afterEach, describe, expect, it, vi } from 'vitest'
import { setAccessTokenProvider } from '@/lib/api/access-token'
import { ApiError } from '@/lib/api/client'
import { countByStatus, filterResults, readNdjson, sortResults, streamUsernameCheck, usernameProblem, type UsernameResult } from '@/tools/username-checker/username-checker.service'

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

describe('streamUsernameCheck', () => {
  afterEach(() => setAccessTokenProvider(() => null))

  it('asks the BFF through the API client with the token and hands over each line; an error is the BFF message', async () => {
    setAccessTokenProvider(() => 'tok')
    const lines = '{"type":"start","total":1}\n{"type":"result","site":"A","status":"taken"}\n'
    const fetchMock = vi.fn(async (_request: Request) => new Response(lines, { headers: { 'Content-Type': 'application/x-ndjson' } }))
    vi.stubGlobal('fetch', fetchMock)
    const seen: unknown[] = []
    await streamUsernameCheck('a b', (line) => seen.push(line), new AbortController().signal, true)
    expect(seen).toEqual([{ type: 'start', total: 1 }, { type: 'result', site: 'A', status: 'taken' }])
    const request = fetchMock.mock.calls[0]![0]
    expect(new URL(request.url).pathname + new URL(request.url).search).toBe('/api/tools/username/a%20b?nsfw=true')
    expect([request.headers.get('Authorization'), request.headers.get('Accept')]).toEqual(['Bearer tok', 'application/x-ndjson'])

    fetchMock.mockResolvedValueOnce(Response.json({ error: { code: 'too_many_requests', message: 'Slow down' } }, { status: 429 }))
    const error = await streamUsernameCheck('a', () => undefined, new AbortController().signal).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', message: 'Slow down' })
  })
})
