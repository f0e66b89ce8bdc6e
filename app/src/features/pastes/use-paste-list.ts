import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { QUEUE_CHANGED_EVENT } from '@/lib/offline/operation-queue'
import { toApiError } from '@/lib/api/client'
import { notify } from '@/lib/notify'
import { listPastes, type PasteScope } from '@/features/pastes/api/list-pastes'
import { useCurrentUserId } from '@/features/pastes/current-user'
import { isLocalId, readLocalPastes, rememberPastes, toLocalPaste, type LocalPaste } from '@/features/pastes/paste-store'

export const RECENT_PAGE_SIZE = 10 // SPEC §9: recent public pastes, 10, newest first

export interface PasteList {
  pastes: LocalPaste[]
  /** Made offline, waiting in the queue (only in the lists of their author's browser). */
  pending: LocalPaste[]
  loading: boolean
  hasMore: boolean
  /** The server could not be reached: what shows is this browser's copy. */
  offline: boolean
  loadMore: () => void
}

function cached(scope: PasteScope, userId: string | null): LocalPaste[] {
  return readLocalPastes().filter((paste) =>
    !isLocalId(paste.id) && (scope === 'recent' ? paste.privacy === 'public' && !paste.burnAfterRead : userId !== null && paste.userId === userId),
  )
}

const pendingPastes = () => readLocalPastes().filter((paste) => paste.pending && isLocalId(paste.id))

/** One list (scope and user) as the server has sent it so far. */
interface ListState {
  key: string
  pastes: LocalPaste[]
  cursor: string | null
  offline: boolean
  loading: boolean
}

/**
 * A paste list (recent public ones, or the signed-in user's own with scope 'mine'): this browser's copy
 * at once, then the server's, newest first, with "load more". Reusable, e.g. by the dashboard.
 */
export function usePasteList(scope: PasteScope, enabled = true): PasteList {
  const userId = useCurrentUserId()
  const listKey = `${scope} ${userId ?? ''}`
  // Each list starts from this browser's copy; the state below holds what the server sent for it.
  const initial = useMemo(() => cached(scope, userId).slice(0, RECENT_PAGE_SIZE), [scope, userId])
  const [list, setList] = useState<ListState | null>(null)
  const [pending, setPending] = useState<LocalPaste[]>(pendingPastes)
  const generation = useRef(0)

  const update = useCallback(
    (change: (current: ListState) => ListState) =>
      setList((previous) => change(previous?.key === listKey ? previous : { key: listKey, pastes: initial, cursor: null, offline: false, loading: false })),
    [listKey, initial],
  )

  // The state is set in the promise's callbacks, once the server has answered.
  const request = useCallback(
    (after: string | null) => {
      const mine = ++generation.current
      return listPastes(scope, after, RECENT_PAGE_SIZE).then(
        (page) => {
          if (mine !== generation.current) return
          const items = page.pastes.map((paste) => toLocalPaste(paste))
          rememberPastes(items)
          update((current) => ({
            ...current,
            pastes: after ? [...current.pastes, ...items.filter((item) => !current.pastes.some((known) => known.id === item.id))] : items,
            cursor: page.next_cursor,
            offline: false,
            loading: false,
          }))
        },
        (error: unknown) => {
          if (mine !== generation.current) return
          const problem = toApiError(error)
          if (problem.status !== 0) notify({ title: 'Error', description: 'Failed to load pastes. Please refresh the page.', variant: 'destructive' })
          update((current) => ({ ...current, offline: current.offline || problem.status === 0, loading: false }))
        },
      )
    },
    [scope, update],
  )

  const reload = useCallback(
    (after: string | null) => {
      update((current) => ({ ...current, loading: true }))
      void request(after)
    },
    [update, request],
  )

  useEffect(() => {
    if (enabled) void request(null)
  }, [enabled, request])

  // A sync replaces pending pastes by the server's: show the new state at once.
  useEffect(() => {
    const refresh = () => {
      setPending(pendingPastes())
      if (enabled && navigator.onLine) reload(null)
    }
    window.addEventListener(QUEUE_CHANGED_EVENT, refresh)
    return () => window.removeEventListener(QUEUE_CHANGED_EVENT, refresh)
  }, [enabled, reload])

  const current = list?.key === listKey ? list : null
  return {
    pastes: current?.pastes ?? initial,
    pending,
    // Until the server's first answer for this list, it is loading (when asked for at all).
    loading: current ? current.loading : enabled,
    hasMore: (current?.cursor ?? null) !== null,
    offline: current?.offline ?? false,
    loadMore: () => reload(current?.cursor ?? null),
  }
}

/** The signed-in user's pastes (GET /api/pastes?scope=mine), for their lists and the dashboard. */
export function useMyPastes(): PasteList {
  const userId = useCurrentUserId()
  return usePasteList('mine', userId !== null)
}
