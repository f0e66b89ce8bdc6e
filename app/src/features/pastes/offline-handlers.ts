// How the offline queue replays paste operations (registered lazily by the app, see src/app/offline-operations.ts).
import { createPaste } from '@/features/pastes/api/create-paste'
import { updatePaste } from '@/features/pastes/api/update-paste'
import { saveEditToken } from '@/features/pastes/edit-tokens'
import { expiresAtFor } from '@/features/pastes/paste-options'
import { rememberPastes, replaceLocalPaste, toLocalPaste } from '@/features/pastes/paste-store'
import type { QueuedCreate, QueuedUpdate } from '@/features/pastes/save-paste'

export async function syncCreatePaste(payload: unknown): Promise<void> {
  const { localId, body, expiry } = payload as QueuedCreate
  const paste = await createPaste({ ...body, expires_at: expiresAtFor(expiry) })
  if (paste.edit_token) saveEditToken(paste.id, paste.edit_token)
  replaceLocalPaste(localId, toLocalPaste(paste))
}

export async function syncUpdatePaste(payload: unknown): Promise<void> {
  const { id, changes, editToken } = payload as QueuedUpdate
  const paste = await updatePaste(id, changes, editToken)
  rememberPastes([toLocalPaste(paste)])
}
