import { afterEach, describe, expect, it, vi } from 'vitest'
import { deleteMe } from '@/features/auth/account/api/delete-me'

afterEach(() => vi.unstubAllGlobals())

describe('deleteMe', () => {
  it('DELETEs /api/me with the bearer token; 204 is done, an error carries the BFF message', async () => {
    const fetchMock = vi.fn(async (_request: Request) => new Response(null, { status: 204 }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(deleteMe('tok')).resolves.toBeUndefined()
    const request = fetchMock.mock.calls[0]![0]
    expect([request.method, new URL(request.url).pathname, request.headers.get('Authorization')]).toEqual(['DELETE', '/api/me', 'Bearer tok'])

    fetchMock.mockResolvedValueOnce(Response.json({ error: { code: 'mfa_required', message: 'Enter your authenticator code first' } }, { status: 403 }))
    await expect(deleteMe('tok')).rejects.toMatchObject({ status: 403, code: 'mfa_required', message: 'Enter your authenticator code first' })
  })
})
