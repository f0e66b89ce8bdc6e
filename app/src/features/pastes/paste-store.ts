// The browser's copy of pastes under the 'pastes' key (SPEC §3): lists open at once from it and known
// pastes stay readable offline. Pastes created offline live here (pending) until the queue syncs them.
import { notify } from '@/lib/notify'
import { readStorage, writeStorage } from '@/lib/storage'
import type { Paste, PasteListItem, PastePrivacy } from '@/features/pastes/api/paste-types'

export const PASTES_KEY = 'pastes'
const SYNCED_IDS_KEY = 'paste-synced-ids'
const MAX_KEPT = 200

export interface LocalPaste {
  id: string
  title: string
  privacy: PastePrivacy
  isPublic: boolean
  userId: string | null
  createdAt: string
  updatedAt: string
  expirationDate: string | null
  views: number
  likes: number
  language: string
  burnAfterRead: boolean
  /** The full text when this browser has read or written it; lists only bring a preview. */
  content?: string
  preview: string
  /** Created or changed offline and not yet on the server. */
  pending?: boolean
  /** Encrypted in the author's browser: `content` is ciphertext, opened with the key in the link's #fragment. */
  encrypted?: boolean
}

const isLocalPasteArray = (value: unknown): value is LocalPaste[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && typeof (item as LocalPaste).id === 'string')

export const isExpired = (paste: Pick<LocalPaste, 'expirationDate'>, now = Date.now()) =>
  paste.expirationDate !== null && new Date(paste.expirationDate).getTime() <= now

/** Known pastes, newest first; expired ones are dropped (SPEC §4: removed automatically). */
export function readLocalPastes(now = Date.now()): LocalPaste[] {
  const all = readStorage<LocalPaste[]>(PASTES_KEY, [], isLocalPasteArray)
  const live = all.filter((paste) => !isExpired(paste, now))
  if (live.length !== all.length) save(live)
  return live
}

function save(pastes: LocalPaste[]): void {
  const kept = [...pastes].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, MAX_KEPT)
  if (!writeStorage(PASTES_KEY, kept)) notify.error('Failed to save pastes')
}

export function toLocalPaste(paste: Paste | PasteListItem, extra: Partial<LocalPaste> = {}): LocalPaste {
  const content = 'content' in paste ? paste.content : undefined
  return {
    id: paste.id,
    title: paste.title,
    privacy: paste.privacy,
    isPublic: paste.privacy === 'public',
    userId: paste.user_id,
    createdAt: paste.created_at,
    updatedAt: paste.updated_at,
    expirationDate: paste.expires_at,
    views: paste.views,
    likes: paste.likes,
    language: paste.language,
    burnAfterRead: paste.burn_after_read,
    preview: 'preview' in paste ? paste.preview : (content ?? '').slice(0, 280),
    ...(content !== undefined ? { content } : {}),
    ...(paste.encrypted ? { encrypted: true } : {}),
    ...extra,
  }
}

/**
 * Adds or refreshes pastes; a cached full text survives a refresh from a list (which has none).
 * Callers leave out other people's burn-after-reading pastes: keeping their text would defeat the point.
 */
export function rememberPastes(incoming: LocalPaste[]): void {
  if (incoming.length === 0) return
  const byId = new Map(readLocalPastes().map((paste) => [paste.id, paste]))
  for (const paste of incoming) {
    const known = byId.get(paste.id)
    byId.set(paste.id, { ...known, ...paste, content: paste.content ?? known?.content })
  }
  save([...byId.values()])
}

export function findLocalPaste(id: string): LocalPaste | undefined {
  return readLocalPastes().find((paste) => paste.id === id)
}

export function forgetPaste(id: string): void {
  const all = readLocalPastes()
  if (all.some((paste) => paste.id === id)) save(all.filter((paste) => paste.id !== id))
}

/** After the queue syncs a paste made offline: the server's paste replaces the local one. */
export function replaceLocalPaste(localId: string, paste: LocalPaste): void {
  save([...readLocalPastes().filter((item) => item.id !== localId && item.id !== paste.id), paste])
  writeStorage(SYNCED_IDS_KEY, { ...syncedIds(), [localId]: paste.id })
}

function syncedIds(): Record<string, string> {
  return readStorage<Record<string, string>>(SYNCED_IDS_KEY, {}, (value): value is Record<string, string> => typeof value === 'object' && value !== null)
}

/** The server id a paste made offline got when it synced, so its old local link still works. */
export function syncedIdFor(localId: string): string | undefined {
  return syncedIds()[localId]
}

// A hyphen never appears in a server id ([A-Za-z0-9]{6,32}), so local ids cannot collide with one.
export const LOCAL_ID_PREFIX = 'local-'
export const isLocalId = (id: string) => id.startsWith(LOCAL_ID_PREFIX)
export const newLocalId = () => `${LOCAL_ID_PREFIX}${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`
