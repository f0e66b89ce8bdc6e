import { api, unwrap } from '@/lib/api/client'
import type { NewPaste } from '@/features/pastes/api/paste-types'

/** A copy titled '… (Copy)' with counters reset; anonymous callers get a new edit token. */
export async function duplicatePaste(id: string): Promise<NewPaste> {
  return unwrap(await api().POST('/api/pastes/{paste_id}/duplicate', { params: { path: { paste_id: id } } }))
}
