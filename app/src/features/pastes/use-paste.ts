import { useEffect, useState } from 'react'
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

export function usePaste(id: string, created?: NewPaste | null): PasteState {
  const userId = useCurrentUserId()
  const settled = useSessionSettled()
  const [state, setState] = useState<PasteState>({ status: 'loading' })

  useEffect(() => {
    if (created?.id === id) {
      setState({ status: 'ready', paste: toLocalPaste(created), source: 'just-created' })
      return
    }
    if (isLocalId(id)) {
      const show = () => {
        const synced = syncedIdFor(id)
        const local = findLocalPaste(id)
        if (synced) setState({ status: 'moved', id: synced })
        else setState(local ? { status: 'ready', paste: local, source: 'queued' } : { status: 'missing' })
      }
      show()
      // Once the queue publishes it, the page moves on to the paste's real link.
      window.addEventListener(QUEUE_CHANGED_EVENT, show)
      return () => window.removeEventListener(QUEUE_CHANGED_EVENT, show)
    }
    if (!PASTE_ID.test(id)) {
      setState({ status: 'missing' })
      return
    }
    // The anonymous author of a burn-after-reading paste reads their own copy: the server would burn it.
    const own = findLocalPaste(id)
    if (own?.burnAfterRead && own.content !== undefined && editTokenFor(id) !== null) {
      setState({ status: 'ready', paste: own, source: 'own-copy' })
      return
    }
    if (!settled) return
    let active = true
    setState({ status: 'loading' })
    readOnce(id).then(
      (paste) => {
        if (keepable(paste, userId)) rememberPastes([toLocalPaste(paste)])
        if (active) setState({ status: 'ready', paste: toLocalPaste(paste), source: 'server' })
      },
      (error: unknown) => {
        const problem = toApiError(error)
        if (problem.status === 404) forgetPaste(id)
        if (!active) return
        if (problem.status === 404) return setState({ status: 'missing' })
        const copy = problem.status === 0 ? findLocalPaste(id) : undefined
        // Offline: a copy read earlier in this browser — a private one only for its owner.
        if (copy?.content !== undefined && (copy.privacy !== 'private' || copy.userId === userId)) {
          return setState({ status: 'ready', paste: copy, source: 'offline-copy' })
        }
        setState({ status: 'error', message: problem.message })
      },
    )
    return () => {
      active = false
    }
  }, [id, created, settled, userId])

  return state
}
