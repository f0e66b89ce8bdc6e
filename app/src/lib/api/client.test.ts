import { afterEach, describe, expect, it, vi } from 'vitest'
import { setAccessTokenProvider } from '@/lib/api/access-token'
import { api, ApiError, apiErrorFrom, unwrap } from '@/lib/api/client'
import { filenameFromDisposition } from '@/lib/api/send-multipart'

describe('api client', () => {
  afterEach(() => setAccessTokenProvider(() => null))

  it("turns the BFF's JSON error into an ApiError with its code and message", () => {
    const error = apiErrorFrom(422, { error: { code: 'low_contrast', message: 'Too little contrast' } })
    expect(error).toBeInstanceOf(ApiError)
    expect([error.status, error.code, error.message]).toEqual([422, 'low_contrast', 'Too little contrast'])
    expect(apiErrorFrom(502, null).message).toBe('An error occurred. Please try again later.')
  })

  it('sends the access token when a session provides one, and unwraps errors', async () => {
    setAccessTokenProvider(() => 'token-123')
    const fetchMock = vi.fn(async (_request: Request) =>
      Response.json({ error: { code: 'unauthorized', message: 'Sign in first' } }, { status: 401 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const result = await api().GET('/api/links', { params: { query: { limit: 5 } } })
    const request = fetchMock.mock.calls[0]![0]
    expect(new URL(request.url).pathname + new URL(request.url).search).toBe('/api/links?limit=5')
    expect(request.headers.get('Authorization')).toBe('Bearer token-123')
    expect(() => unwrap(result)).toThrow('Sign in first')
  })

  it('reads file names from Content-Disposition, preferring the UTF-8 form', () => {
    expect(filenameFromDisposition('attachment; filename="qr-code.png"')).toBe('qr-code.png')
    expect(filenameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%C3%A9t%C3%A9.pdf`)).toBe('été.pdf')
    expect(filenameFromDisposition(null)).toBeNull()
  })
})
