import { api, unwrap } from '@/lib/api/client'
import type { NewPaste, PasteCreate } from '@/features/pastes/api/paste-types'

export async function createPaste(body: PasteCreate): Promise<NewPaste> {
  return unwrap(await api().POST('/api/pastes', { body }))
}
