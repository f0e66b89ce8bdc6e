// Mounted once (the header's indicator): connectivity toasts, sync on reconnect and at start-up,
// the pending count polled every 30 s (SPEC §9) and refreshed whenever the queue changes.
import { useEffect, useState } from 'react'
import { notify } from '@/lib/notify'
import { currentOfflineNote, subscribeOfflineNote } from '@/lib/offline-note'
import { pendingCount, QUEUE_CHANGED_EVENT } from '@/lib/offline/operation-queue'
import { SYNC_MESSAGES, syncNow } from '@/features/offline/sync'

export const PENDING_POLL_MS = 30_000
const CONNECTIVITY_TOAST_ID = 'connectivity'

export interface OfflineSyncState {
  pending: number
  online: boolean
}

export function useOfflineSync(): OfflineSyncState {
  const [pending, setPending] = useState(0)
  const [online, setOnline] = useState(() => navigator.onLine)

  useEffect(() => {
    let cancelled = false
    const refresh = () => {
      pendingCount()
        .then((count) => !cancelled && setPending(count))
        .catch((error: unknown) => console.warn('[offline] Could not count queued operations.', error))
    }
    // What the page says works offline (SPEC §8's sentence only where changes are really queued: pastes).
    const tellOffline = () => notify({ title: currentOfflineNote(), variant: 'warning', id: CONNECTIVITY_TOAST_ID })
    const goOffline = () => {
      setOnline(false)
      tellOffline()
    }
    const stopNotes = subscribeOfflineNote(() => {
      if (!navigator.onLine) tellOffline()
    })
    const goOnline = () => {
      setOnline(true)
      notify({ title: SYNC_MESSAGES.backOnline, variant: 'success', id: CONNECTIVITY_TOAST_ID })
      void syncNow('reconnect').finally(refresh)
    }
    const poll = () => {
      refresh()
      // Failed operations come due after their back-off; the poll is what retries them.
      if (navigator.onLine) void syncNow('retry').finally(refresh)
    }

    window.addEventListener('offline', goOffline)
    window.addEventListener('online', goOnline)
    window.addEventListener(QUEUE_CHANGED_EVENT, refresh)
    const timer = window.setInterval(poll, PENDING_POLL_MS)
    // Work queued in an earlier session (before a reload or a browser restart) goes out now.
    refresh()
    if (navigator.onLine) {
      void pendingCount()
        .then((count) => (count > 0 ? syncNow('reconnect') : undefined))
        .catch(() => undefined)
        .finally(refresh)
    }
    return () => {
      cancelled = true
      stopNotes()
      window.removeEventListener('offline', goOffline)
      window.removeEventListener('online', goOnline)
      window.removeEventListener(QUEUE_CHANGED_EVENT, refresh)
      window.clearInterval(timer)
    }
  }, [])

  return { pending, online }
}
