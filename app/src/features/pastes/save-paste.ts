// Creating and editing pastes, online or not: without a connection the change goes to the offline
// queue (operations createPaste / updateFile) and the local copy shows it as pending until it syncs.
import { enqueue, listOperations, replacePayload } from '@/lib/offline/operation-queue'
import { toApiError } from '@/lib/api/client'
import { createPaste } from '@/features/pastes/api/create-paste'
import type { NewPaste, Paste, PasteCreate, PasteUpdate } from '@/features/pastes/api/paste-types'
import { updatePaste } from '@/features/pastes/api/update-paste'
import { saveEditToken } from '@/features/pastes/edit-tokens'
import { expiresAtFor, type ExpiryId } from '@/features/pastes/paste-options'
import { canEncrypt, sealPaste } from '@/features/pastes/paste-crypto'
import { findLocalPaste, isLocalId, newLocalId, rememberPastes, toLocalPaste, type LocalPaste } from '@/features/pastes/paste-store'

/** What the queue stores for a paste made offline; the expiry is fixed when it reaches the server. */
export interface QueuedCreate {
  localId: string
  body: Omit<PasteCreate, 'expires_at'>
  expiry: ExpiryId
}

export interface QueuedUpdate {
  id: string
  changes: PasteUpdate
  editToken: string | null
}

export type SaveOutcome<T> = { kind: 'saved'; paste: T } | { kind: 'queued'; id: string }

const isOffline = () => typeof navigator !== 'undefined' && !navigator.onLine

/** Keeps the author's edit token and the local copy of a paste the server just made. */
export function rememberCreated(paste: NewPaste): void {
  if (paste.edit_token) saveEditToken(paste.id, paste.edit_token)
  rememberPastes([toLocalPaste(paste)])
}

export async function createOrQueue(body: QueuedCreate['body'], expiry: ExpiryId, userId: string | null): Promise<SaveOutcome<NewPaste>> {
  if (!isOffline()) {
    try {
      const paste = await createPaste({ ...body, expires_at: expiresAtFor(expiry) })
      rememberCreated(paste)
      return { kind: 'saved', paste }
    } catch (error) {
      if (toApiError(error).status !== 0) throw toApiError(error) // refused by the server: not a connectivity problem
    }
  }
  const localId = newLocalId()
  await enqueue<QueuedCreate>('createPaste', { localId, body, expiry })
  const now = new Date().toISOString()
  rememberPastes([pendingPaste(localId, body, userId, now, now)])
  return { kind: 'queued', id: localId }
}

/** Why an encrypted paste cannot be made here, in words for the author. */
export class CannotEncrypt extends Error {}

/**
 * Encrypts in this browser, then creates: the server gets ciphertext and the flag, never the text
 * or the key. Online only — a queued paste would wait with its key in this browser's storage.
 * Returns the paste and the key for the link's #fragment.
 */
export async function createEncrypted(
  plaintext: { title: string; language: string; content: string },
  options: { privacy: 'unlisted' | 'private'; burn_after_read: boolean },
  expiry: ExpiryId,
): Promise<{ paste: NewPaste; key: string }> {
  if (!canEncrypt()) throw new CannotEncrypt('This browser cannot encrypt here: it needs a secure (https) page.')
  if (isOffline()) throw new CannotEncrypt('Encrypted pastes are saved online only: connect and try again.')
  const { envelope, key } = await sealPaste(plaintext)
  const paste = await createPaste({ content: envelope, encrypted: true, ...options, expires_at: expiresAtFor(expiry) })
  rememberCreated(paste)
  return { paste, key }
}

function pendingPaste(id: string, body: QueuedCreate['body'], userId: string | null, createdAt: string, updatedAt: string): LocalPaste {
  const privacy = body.privacy ?? 'public'
  return {
    id, title: body.title ?? '', privacy, isPublic: privacy === 'public', userId, createdAt, updatedAt, expirationDate: null,
    views: 0, likes: 0, language: body.language ?? 'plaintext', burnAfterRead: body.burn_after_read ?? false,
    content: body.content, preview: body.content.slice(0, 280), pending: true,
  }
}

export async function updateOrQueue(id: string, changes: PasteUpdate, expiry: ExpiryId | 'keep', editToken: string | null): Promise<SaveOutcome<Paste>> {
  const withExpiry: PasteUpdate = expiry === 'keep' ? changes : { ...changes, expires_at: expiresAtFor(expiry) }
  if (isLocalId(id)) return editQueuedCreate(id, changes, expiry)
  if (!isOffline()) {
    try {
      const paste = await updatePaste(id, withExpiry, editToken)
      rememberPastes([toLocalPaste(paste)])
      return { kind: 'saved', paste }
    } catch (error) {
      if (toApiError(error).status !== 0) throw toApiError(error)
    }
  }
  await enqueue<QueuedUpdate>('updateFile', { id, changes: withExpiry, editToken })
  const known = findLocalPaste(id)
  if (known) rememberPastes([applyChanges(known, withExpiry)])
  return { kind: 'queued', id }
}

function applyChanges(paste: LocalPaste, changes: PasteUpdate): LocalPaste {
  const privacy = changes.privacy ?? paste.privacy
  const content = changes.content ?? paste.content
  return {
    ...paste,
    title: changes.title ?? paste.title,
    language: changes.language ?? paste.language,
    privacy,
    isPublic: privacy === 'public',
    burnAfterRead: changes.burn_after_read ?? paste.burnAfterRead,
    expirationDate: changes.expires_at !== undefined ? changes.expires_at : paste.expirationDate,
    content,
    preview: (content ?? paste.preview).slice(0, 280),
    updatedAt: new Date().toISOString(),
    pending: true,
  }
}

/** A paste still waiting to be created: the edit folds into the queued creation. */
async function editQueuedCreate(localId: string, changes: PasteUpdate, expiry: ExpiryId | 'keep'): Promise<SaveOutcome<Paste>> {
  const queued = (await listOperations()).find(
    (entry) => entry.operation === 'createPaste' && (entry.payload as QueuedCreate).localId === localId,
  )
  if (!queued) throw new Error('This paste has already been synced; reload to edit it.')
  const payload = queued.payload as QueuedCreate
  const { expires_at: _ignored, ...rest } = changes
  const next: QueuedCreate = { localId, body: { ...payload.body, ...rest }, expiry: expiry === 'keep' ? payload.expiry : expiry }
  await replacePayload(queued.id, next)
  const known = findLocalPaste(localId)
  if (known) rememberPastes([applyChanges(known, rest)])
  return { kind: 'queued', id: localId }
}
