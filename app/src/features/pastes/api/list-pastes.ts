import { api, unwrap } from '@/lib/api/client'
import type { PasteList } from '@/features/pastes/api/paste-types'

export type PasteScope = 'recent' | 'mine'

/** Newest first; `cursor` is the previous page's next_cursor. */
export async function listPastes(scope: PasteScope, cursor?: string | null, limit = 10): Promise<PasteList> {
  return unwrap(
    await api().GET('/api/pastes', { params: { query: { scope, limit, ...(cursor ? { cursor } : {}) } } }),
  )
}
