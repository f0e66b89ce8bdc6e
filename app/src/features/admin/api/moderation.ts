import { api, unwrap, type ApiSchemas } from '@/lib/api/client'
import type { PageQuery } from '@/features/admin/use-paged-list'

export type ModeratedPaste = ApiSchemas['ModeratedPaste']
export type ModeratedLink = ApiSchemas['ModeratedLink']

/** GET /api/admin/pastes: live public pastes, newest first; admin_recent_pastes() in SQL refuses non-admins. */
export async function listModeratedPastes(query: PageQuery): Promise<{ items: ModeratedPaste[]; total: number }> {
  const page = unwrap(await api().GET('/api/admin/pastes', { params: { query } }))
  return { items: page.pastes, total: page.total }
}

/** GET /api/admin/links: short links that still redirect, newest first. */
export async function listModeratedLinks(query: PageQuery): Promise<{ items: ModeratedLink[]; total: number }> {
  const page = unwrap(await api().GET('/api/admin/links', { params: { query } }))
  return { items: page.links, total: page.total }
}

export async function deleteModeratedPaste(paste: ModeratedPaste): Promise<void> {
  unwrap(await api().DELETE('/api/admin/pastes/{paste_id}', { params: { path: { paste_id: paste.id } } }))
}

export async function deleteModeratedLink(link: ModeratedLink): Promise<void> {
  unwrap(await api().DELETE('/api/admin/links/{code}', { params: { path: { code: link.short_code } } }))
}
