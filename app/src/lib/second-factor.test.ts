import { afterEach, describe, expect, it, vi } from 'vitest'
import { completeSecondFactor, fetchWithSecondFactor, setSecondFactorHandler } from '@/lib/second-factor'

const mfaRequired = () => Response.json({ error: { code: 'mfa_required', message: 'Enter the code first' } }, { status: 403 })

afterEach(() => {
  setSecondFactorHandler(null)
  vi.unstubAllGlobals()
})

describe('fetchWithSecondFactor', () => {
  it('on mfa_required asks for the second step once, then sends the same request with the new token', async () => {
    const sent: { auth: string | null; body: string }[] = []
    vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
      sent.push({ auth: request.headers.get('Authorization'), body: await request.text() })
      return sent.length === 1 ? mfaRequired() : Response.json({ ok: true })
    }))
    const handler = vi.fn(async () => 'aal2-token')
    setSecondFactorHandler(handler)
    const request = new Request('http://app.test/api/pastes', { method: 'POST', headers: { Authorization: 'Bearer aal1-token' }, body: '{"content":"hi"}' })
    const response = await fetchWithSecondFactor(request)
    expect(await response.json()).toEqual({ ok: true })
    expect(handler).toHaveBeenCalledTimes(1)
    expect(sent).toEqual([
      { auth: 'Bearer aal1-token', body: '{"content":"hi"}' },
      { auth: 'Bearer aal2-token', body: '{"content":"hi"}' },
    ])
  })

  it('retries a (url, init) call with the new token and keeps its other headers', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(mfaRequired()).mockResolvedValueOnce(Response.json({ user: 'u' }))
    vi.stubGlobal('fetch', fetchMock)
    setSecondFactorHandler(async () => 'aal2-token')
    const response = await fetchWithSecondFactor('/api/me', { headers: { Authorization: 'Bearer aal1-token', 'Content-Type': 'application/json' } })
    expect(response.status).toBe(200)
    const retried = new Headers((fetchMock.mock.calls[1]![1] as RequestInit).headers)
    expect([retried.get('Authorization'), retried.get('Content-Type')]).toEqual(['Bearer aal2-token', 'application/json'])
  })

  it('a step given up leaves the refusal as it came, for the usual error handling', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => mfaRequired()))
    setSecondFactorHandler(async () => null)
    const response = await fetchWithSecondFactor('/api/me', { headers: { Authorization: 'Bearer aal1-token' } })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ error: { code: 'mfa_required' } })
  })

  it('several refused calls wait for one and the same step', async () => {
    let finish: (token: string) => void = () => undefined
    const handler = vi.fn(() => new Promise<string | null>((resolve) => (finish = resolve)))
    setSecondFactorHandler(handler)
    const first = completeSecondFactor()
    const second = completeSecondFactor()
    finish('aal2-token')
    expect(await Promise.all([first, second])).toEqual(['aal2-token', 'aal2-token'])
    expect(handler).toHaveBeenCalledTimes(1)
  })

  it('other refusals and anonymous calls are not retried', async () => {
    const handler = vi.fn(async () => 'aal2-token')
    setSecondFactorHandler(handler)
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: { code: 'forbidden', message: 'No' } }, { status: 403 })))
    expect((await fetchWithSecondFactor('/api/admin/users', { headers: { Authorization: 'Bearer t' } })).status).toBe(403)
    vi.stubGlobal('fetch', vi.fn(async () => mfaRequired()))
    expect((await fetchWithSecondFactor('/api/pastes')).status).toBe(403)
    expect(handler).not.toHaveBeenCalled()
  })
})
