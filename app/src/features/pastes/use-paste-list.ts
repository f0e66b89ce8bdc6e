import { useCallback, useEffect, useRef, useState } from 'react'
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

/**
 * A paste list (recent public ones, or the signed-in user's own with scope 'mine'): this browser's copy
 * at once, then the server's, newest first, with "load more". Reusable, e.g. by the dashboard.
 */
export function usePasteList(scope: PasteScope, enabled = true): PasteList {
  const userId = useCurrentUserId()
  const [pastes, setPastes] = useState<LocalPaste[]>(() => cached(scope, userId).slice(0, RECENT_PAGE_SIZE))
  const [pending, setPending] = useState<LocalPaste[]>(pendingPastes)
  const [cursor, setCursor] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const [offline, setOffline] = useState(false)
  const generation = useRef(0)

  const load = useCallback(
    async (after: string | null) => {
      const mine = ++generation.current
      setLoading(true)
      try {
        const page = await listPastes(scope, after, RECENT_PAGE_SIZE)
        if (mine !== generation.current) return
        const items = page.pastes.map((paste) => toLocalPaste(paste))
        rememberPastes(items)
        setPastes((current) => (after ? [...current, ...items.filter((item) => !current.some((known) => known.id === item.id))] : items))
        setCursor(page.next_cursor)
        setOffline(false)
      } catch (error) {
        if (mine !== generation.current) return
        const problem = toApiError(error)
        if (problem.status === 0) setOffline(true)
        else notify({ title: 'Error', description: 'Failed to load pastes. Please refresh the page.', variant: 'destructive' })
      } finally {
        if (mine === generation.current) setLoading(false)
      }
    },
    [scope],
  )

  useEffect(() => {
    if (!enabled) return
    setPastes(cached(scope, userId).slice(0, RECENT_PAGE_SIZE))
    void load(null)
  }, [enabled, scope, userId, load])

  // A sync replaces pending pastes by the server's: show the new state at once.
  useEffect(() => {
    const refresh = () => {
      setPending(pendingPastes())
      if (enabled && navigator.onLine) void load(null)
    }
    window.addEventListener(QUEUE_CHANGED_EVENT, refresh)
    return () => window.removeEventListener(QUEUE_CHANGED_EVENT, refresh)
  }, [enabled, load])

  return { pastes, pending, loading, hasMore: cursor !== null, offline, loadMore: () => void load(cursor) }
}

/** The signed-in user's pastes (GET /api/pastes?scope=mine), for their lists and the dashboard. */
export function useMyPastes(): PasteList {
  const userId = useCurrentUserId()
  return usePasteList('mine', userId !== null)
}
