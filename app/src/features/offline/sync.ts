// Replays the offline queue and tells the user how it went (SPEC §8 messages, verbatim).
import { notify } from '@/lib/notify'
import { PASTES_OFFLINE_NOTE } from '@/lib/offline-note'
import { processQueue, type OperationHandler, type OperationName, type QueueRun } from '@/lib/offline/operation-queue'

export const SYNC_MESSAGES = {
  offline: PASTES_OFFLINE_NOTE,
  backOnline: 'You are back online!',
  cannotSyncOffline: 'Cannot sync while offline',
  allSynced: 'All changes successfully synced!',
  someFailed: 'Failed to sync some changes. Will retry automatically.',
  stillPending: (n: number) => `${n} operations still pending sync.`,
} as const

type HandlerLoader = () => Promise<OperationHandler>
const handlerLoaders = new Map<OperationName, HandlerLoader>()

/**
 * Features register what replays their operations; loaders are lazy so the handlers' code (and the
 * feature's API calls) only loads when there is something to sync.
 */
export function registerOperationHandler(name: OperationName, load: HandlerLoader): void {
  handlerLoaders.set(name, load)
}

async function handlerFor(name: OperationName): Promise<OperationHandler | undefined> {
  return handlerLoaders.get(name)?.()
}

export type SyncReason = 'manual' | 'reconnect' | 'retry'

let running: Promise<QueueRun | undefined> | undefined

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine
}

function report(run: QueueRun, reason: SyncReason): void {
  const attempted = run.succeeded + run.failed
  // Background retries stay quiet unless they finish the job; the user already saw the failure once.
  if (reason === 'retry') {
    if (run.succeeded > 0 && run.remaining === 0) notify.success(SYNC_MESSAGES.allSynced)
    return
  }
  if (run.failed > 0) notify.error(SYNC_MESSAGES.someFailed)
  else if (run.remaining > 0) notify.info(SYNC_MESSAGES.stillPending(run.remaining))
  else if (attempted > 0 || reason === 'manual') notify.success(SYNC_MESSAGES.allSynced)
}

/** One sync at a time: a second request while one runs waits for that one instead of racing it. */
export function syncNow(reason: SyncReason): Promise<QueueRun | undefined> {
  if (!isOnline()) {
    if (reason === 'manual') notify.error(SYNC_MESSAGES.cannotSyncOffline)
    return Promise.resolve(undefined)
  }
  running ??= (async () => {
    try {
      const run = await processQueue(handlerFor, { ignoreBackoff: reason !== 'retry' })
      report(run, reason)
      return run
    } finally {
      running = undefined
    }
  })()
  return running
}
