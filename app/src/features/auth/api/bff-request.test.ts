import { afterEach, describe, expect, it, vi } from 'vitest'
import { BffError, bffRequest } from '@/features/auth/api/bff-request'

afterEach(() => vi.unstubAllGlobals())

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn().mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), { status }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('bffRequest', () => {
  it('sends the bearer token and a JSON body to /api', async () => {
    const fetchMock = answer(200, { profile: { id: 'u' } })
    expect(await bffRequest('/me/profile', 'tok', { method: 'PATCH', body: { bio: 'hi' } })).toEqual({ profile: { id: 'u' } })
    expect(fetchMock).toHaveBeenCalledWith('/api/me/profile', {
      method: 'PATCH',
      headers: { Authorization: 'Bearer tok', 'Content-Type': 'application/json' },
      body: '{"bio":"hi"}',
    })
  })

  it('turns the BFF error body into a BffError naming the invalid field', async () => {
    answer(422, { error: { code: 'invalid_input', message: 'nickname must be 3 to 32 lower-case letters, digits or _' } })
    const error = await bffRequest('/me/profile', 'tok', { method: 'PATCH', body: {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BffError)
    expect(error).toMatchObject({ status: 422, code: 'invalid_input', field: 'nickname' })
  })

  it('204 is no body; a conflict names no field', async () => {
    answer(204, undefined)
    expect(await bffRequest('/me', 'tok', { method: 'DELETE' })).toBeUndefined()
    answer(409, { error: { code: 'conflict', message: 'This nickname is already taken' } })
    await expect(bffRequest('/me/profile', 'tok')).rejects.toMatchObject({ field: undefined, message: 'This nickname is already taken' })
  })
})
