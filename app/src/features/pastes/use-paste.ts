import { useEffect, useMemo, useState } from 'react'
import { QUEUE_CHANGED_EVENT } from '@/lib/offline/operation-queue'
import { toApiError } from '@/lib/api/client'
import { getPaste } from '@/features/pastes/api/get-paste'
import type { NewPaste, Paste } from '@/features/pastes/api/paste-types'
import { editTokenFor } from '@/features/pastes/edit-tokens'
import { findLocalPaste, forgetPaste, isLocalId, rememberPastes, syncedIdFor, toLocalPaste, type LocalPaste } from '@/features/pastes/paste-store'
import { useCurrentUserId } from '@/features/pastes/current-user'
import { useSessionSettled } from '@/features/pastes/use-session-settled'

// The server's id shape; anything else is no paste, and is not worth a request.
export const PASTE_ID = /^[A-Za-z0-9]{6,32}$/

export type PasteSource = 'server' | 'just-created' | 'own-copy' | 'queued' | 'offline-copy'

export type PasteState =
  | { status: 'loading' }
  | { status: 'ready'; paste: LocalPaste; source: PasteSource }
  | { status: 'missing' }
  | { status: 'moved'; id: string }
  | { status: 'error'; message: string }

// One read per id at a time: reading counts a view (and burns), so a re-run effect must not read twice.
const inflight = new Map<string, Promise<Paste>>()
function readOnce(id: string): Promise<Paste> {
  let request = inflight.get(id)
  if (!request) {
    request = getPaste(id).finally(() => setTimeout(() => inflight.delete(id), 1000))
    inflight.set(id, request)
  }
  return request
}

/** Whether this browser may keep a paste's text: not someone else's burn-after-reading one. */
function keepable(paste: Paste, userId: string | null): boolean {
  return !paste.burn_after_read || (userId !== null && paste.user_id === userId) || editTokenFor(paste.id) !== null
}

const LOADING: PasteState = { status: 'loading' }

/** What this browser alone can say about the paste; undefined when only the server can. */
function localState(id: string, created: NewPaste | null | undefined, synced: string | undefined): PasteState | undefined {
  if (created?.id === id) return { status: 'ready', paste: toLocalPaste(created), source: 'just-created' }
  if (isLocalId(id)) {
    if (synced) return { status: 'moved', id: synced }
    const local = findLocalPaste(id)
    return local ? { status: 'ready', paste: local, source: 'queued' } : { status: 'missing' }
  }
  if (!PASTE_ID.test(id)) return { status: 'missing' }
  // The anonymous author of a burn-after-reading paste reads their own copy: the server would burn it.
  const own = findLocalPaste(id)
  if (own?.burnAfterRead && own.content !== undefined && editTokenFor(id) !== null) return { status: 'ready', paste: own, source: 'own-copy' }
  return undefined
}

/** The server's id of a paste made offline once the queue has published it, read again on each change of the queue. */
function useSyncedId(id: string): string | undefined {
  const [, setQueueChanges] = useState(0)
  useEffect(() => {
    if (!isLocalId(id)) return
    const recount = () => setQueueChanges((count) => count + 1)
    window.addEventListener(QUEUE_CHANGED_EVENT, recount)
    return () => window.removeEventListener(QUEUE_CHANGED_EVENT, recount)
  }, [id])
  return isLocalId(id) ? syncedIdFor(id) : undefined
}

export function usePaste(id: string, created?: NewPaste | null): PasteState {
  const userId = useCurrentUserId()
  const settled = useSessionSettled()
  // Once the queue publishes a paste made offline, the page moves on to the paste's real link.
  const synced = useSyncedId(id)
  const local = useMemo(() => localState(id, created, synced), [id, created, synced])
  // The server's answer, kept with the paste and user it is for: another one is 'loading' until its own.
  const [answer, setAnswer] = useState<{ id: string; userId: string | null; state: PasteState } | null>(null)

  useEffect(() => {
    if (local || !settled) return
    let active = true
    const settle = (state: PasteState) => {
      if (active) setAnswer({ id, userId, state })
    }
    readOnce(id).then(
      (paste) => {
        if (keepable(paste, userId)) rememberPastes([toLocalPaste(paste)])
        settle({ status: 'ready', paste: toLocalPaste(paste), source: 'server' })
      },
      (error: unknown) => {
        const problem = toApiError(error)
        if (problem.status === 404) forgetPaste(id)
        if (problem.status === 404) return settle({ status: 'missing' })
        const copy = problem.status === 0 ? findLocalPaste(id) : undefined
        // Offline: a copy read earlier in this browser — a private one only for its owner.
        if (copy?.content !== undefined && (copy.privacy !== 'private' || copy.userId === userId)) {
          return settle({ status: 'ready', paste: copy, source: 'offline-copy' })
        }
        settle({ status: 'error', message: problem.message })
      },
    )
    return () => {
      active = false
    }
  }, [id, local, settled, userId])

  if (local) return local
  return answer?.id === id && answer.userId === userId ? answer.state : LOADING
}
