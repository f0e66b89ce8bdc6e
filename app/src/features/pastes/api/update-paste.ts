import { api, unwrap } from '@/lib/api/client'
import { editTokenHeader, type Paste, type PasteUpdate } from '@/features/pastes/api/paste-types'

export async function updatePaste(id: string, changes: PasteUpdate, editToken?: string | null): Promise<Paste> {
  return unwrap(
    await api().PATCH('/api/pastes/{paste_id}', { params: { path: { paste_id: id } }, body: changes, headers: editTokenHeader(editToken) }),
  )
}
