import type { PageQuery } from '@/features/admin/use-paged-list'
import { api, unwrap, type ApiSchemas } from '@/lib/api/client'

/** A short link of the URL shortener as an admin moderates it (the BFF's schema calls it ModeratedLink). */
export type ModeratedShortLink = ApiSchemas['ModeratedLink']

/** GET /api/admin/links: short links that still redirect, newest first. */
export async function listModeratedShortLinks(query: PageQuery): Promise<{ items: ModeratedShortLink[]; total: number }> {
  const page = unwrap(await api().GET('/api/admin/links', { params: { query } }))
  return { items: page.links, total: page.total }
}
