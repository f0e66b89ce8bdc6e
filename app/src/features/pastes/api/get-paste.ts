import { api, unwrap } from '@/lib/api/client'
import type { Paste } from '@/features/pastes/api/paste-types'

/** Reads a paste; the BFF counts the view (and burns a burn-after-reading paste). */
export async function getPaste(id: string): Promise<Paste> {
  return unwrap(await api().GET('/api/pastes/{paste_id}', { params: { path: { paste_id: id } } }))
}
