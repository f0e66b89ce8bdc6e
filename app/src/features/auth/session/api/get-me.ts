import { api, bearer, unwrap, type ApiSchemas } from '@/lib/api/client'

export type Profile = ApiSchemas['Profile']
export type Me = ApiSchemas['Me']

/** GET /api/me with the session's token (handed over before the API client's token provider has it). */
export async function getMe(accessToken: string): Promise<Me> {
  return unwrap(await api().GET('/api/me', { headers: bearer(accessToken) }))
}
