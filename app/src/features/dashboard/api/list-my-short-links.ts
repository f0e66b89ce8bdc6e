import { api, bearer, unwrap, type ApiSchemas } from '@/lib/api/client'

/** The caller's short links, newest first (GET /api/links: row-level security keeps it to theirs). */
export async function listMyShortLinks(accessToken: string, limit = 5): Promise<ApiSchemas['ShortLinkList']> {
  return unwrap(await api().GET('/api/links', { params: { query: { limit } }, headers: bearer(accessToken) }))
}
