import type { ModeratedPaste } from '@/features/admin/api/list-moderated-pastes'
import { api, unwrap } from '@/lib/api/client'

/** DELETE /api/admin/pastes/{id}: gone for everyone. */
export async function deleteModeratedPaste(paste: ModeratedPaste): Promise<void> {
  unwrap(await api().DELETE('/api/admin/pastes/{paste_id}', { params: { path: { paste_id: paste.id } } }))
}
