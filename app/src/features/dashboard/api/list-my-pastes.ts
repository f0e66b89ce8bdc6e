import { api, bearer, unwrap, type ApiSchemas } from '@/lib/api/client'

export type MyPaste = ApiSchemas['PasteListItem']

export async function listMyPastes(accessToken: string, limit = 5): Promise<MyPaste[]> {
  return unwrap(await api().GET('/api/pastes', { params: { query: { scope: 'mine', limit } }, headers: bearer(accessToken) })).pastes
}
