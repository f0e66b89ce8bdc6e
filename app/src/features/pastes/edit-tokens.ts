// Edit tokens of anonymous pastes, kept in this browser (local storage) so their author can still
// edit or delete them after a reload. The server stores only a hash; losing the token loses the right.
import { readStorage, writeStorage } from '@/lib/storage'

export const EDIT_TOKENS_KEY = 'paste-edit-tokens'

const isTokenMap = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((token) => typeof token === 'string')

export function editTokenFor(pasteId: string): string | null {
  return readStorage<Record<string, string>>(EDIT_TOKENS_KEY, {}, isTokenMap)[pasteId] ?? null
}

export function saveEditToken(pasteId: string, token: string): void {
  writeStorage(EDIT_TOKENS_KEY, { ...readStorage<Record<string, string>>(EDIT_TOKENS_KEY, {}, isTokenMap), [pasteId]: token })
}

export function forgetEditToken(pasteId: string): void {
  const tokens = readStorage<Record<string, string>>(EDIT_TOKENS_KEY, {}, isTokenMap)
  if (!(pasteId in tokens)) return
  delete tokens[pasteId]
  writeStorage(EDIT_TOKENS_KEY, tokens)
}
