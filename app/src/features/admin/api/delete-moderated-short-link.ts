import type { ModeratedShortLink } from '@/features/admin/api/list-moderated-short-links'
import { api, unwrap } from '@/lib/api/client'

/** DELETE /api/admin/links/{code}: the short link stops redirecting for everyone. */
export async function deleteModeratedShortLink(shortLink: ModeratedShortLink): Promise<void> {
  unwrap(await api().DELETE('/api/admin/links/{code}', { params: { path: { code: shortLink.short_code } } }))
}
