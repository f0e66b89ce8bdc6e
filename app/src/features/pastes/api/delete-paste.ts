import { api, unwrap } from '@/lib/api/client'
import { editTokenHeader } from '@/features/pastes/api/paste-types'

export async function deletePaste(id: string, editToken?: string | null): Promise<void> {
  unwrap(await api().DELETE('/api/pastes/{paste_id}', { params: { path: { paste_id: id } }, headers: editTokenHeader(editToken) }))
}
