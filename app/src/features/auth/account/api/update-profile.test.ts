import { afterEach, describe, expect, it, vi } from 'vitest'
import { updateProfile } from '@/features/auth/account/api/update-profile'
import { ApiError } from '@/lib/api/client'

afterEach(() => vi.unstubAllGlobals())

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_request: Request) => Response.json(body, { status }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('updateProfile', () => {
  it('PATCHes /api/me/profile with the bearer token and a JSON body', async () => {
    const fetchMock = answer(200, { profile: { id: 'u', bio: 'hi' } })
    expect(await updateProfile('tok', { bio: 'hi' })).toEqual({ id: 'u', bio: 'hi' })
    const request = fetchMock.mock.calls[0]![0]
    expect([request.method, new URL(request.url).pathname]).toEqual(['PATCH', '/api/me/profile'])
    expect(request.headers.get('Authorization')).toBe('Bearer tok')
    expect(request.headers.get('Content-Type')).toBe('application/json')
    expect(await request.json()).toEqual({ bio: 'hi' })
  })

  it("turns the BFF's validation error into an ApiError naming the field; a conflict names none", async () => {
    answer(422, { error: { code: 'invalid_input', message: 'nickname must be 3 to 32 lower-case letters, digits or _' } })
    const invalid = await updateProfile('tok', { nickname: 'X' }).catch((caught: unknown) => caught)
    expect(invalid).toBeInstanceOf(ApiError)
    expect(invalid).toMatchObject({ status: 422, code: 'invalid_input', field: 'nickname' })
    answer(409, { error: { code: 'conflict', message: 'This nickname is already taken' } })
    await expect(updateProfile('tok', { nickname: 'taken' })).rejects.toMatchObject({ field: undefined, message: 'This nickname is already taken' })
  })
})
