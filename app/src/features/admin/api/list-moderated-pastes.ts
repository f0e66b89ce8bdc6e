import type { PageQuery } from '@/features/admin/use-paged-list'
import { api, unwrap, type ApiSchemas } from '@/lib/api/client'

export type ModeratedPaste = ApiSchemas['ModeratedPaste']

/** GET /api/admin/pastes: live public pastes, newest first; admin_recent_pastes() in SQL refuses non-admins. */
export async function listModeratedPastes(query: PageQuery): Promise<{ items: ModeratedPaste[]; total: number }> {
  const page = unwrap(await api().GET('/api/admin/pastes', { params: { query } }))
  return { items: page.pastes, total: page.total }
}
