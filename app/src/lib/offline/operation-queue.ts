// The offline operation queue (SPEC §3): changes made without a connection wait in IndexedDB, store
// 'operations', so they survive reloads and browser restarts, and are replayed in order when online.
import type { DBSchema, IDBPDatabase } from 'idb'

export type OperationName = 'createPaste' | 'updateFile'

export interface QueuedOperation<P = unknown> {
  id: string
  operation: OperationName
  payload: P
  /** Failed attempts so far (SPEC §4: +1 on each failure). */
  retries: number
  createdAt: number
  /** Automatic syncs leave the operation alone before this time (back-off after failures). */
  nextAttemptAt: number
  lastError?: string
}

export type OperationHandler = (payload: unknown) => Promise<void>

export interface QueueRun {
  succeeded: number
  failed: number
  /** Still queued afterwards: failed now, or waiting for their back-off to end. */
  remaining: number
}

interface OfflineDb extends DBSchema {
  operations: { key: string; value: QueuedOperation }
}

export const QUEUE_DB_NAME = 'toolkit-offline'
export const QUEUE_CHANGED_EVENT = 'offline-queue-changed'
const RETRY_BASE_MS = 5_000
const RETRY_MAX_MS = 5 * 60_000

let database: Promise<IDBPDatabase<OfflineDb>> | undefined

function db(): Promise<IDBPDatabase<OfflineDb>> {
  // idb loads with the first queue call (the header's count at start-up, while online), not with the
  // entry chunk; a failed load is tried again on the next call.
  database ??= import('idb')
    .then(({ openDB }) =>
      openDB<OfflineDb>(QUEUE_DB_NAME, 1, {
        upgrade(upgrading) {
          upgrading.createObjectStore('operations', { keyPath: 'id' })
        },
      }),
    )
    .catch((error: unknown) => {
      database = undefined
      throw error
    })
  return database
}

/** Tests open a fresh database per case; the app keeps one connection for its lifetime. */
export async function closeQueueForTests(): Promise<void> {
  if (database) (await database).close()
  database = undefined
}

function announceChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(QUEUE_CHANGED_EVENT))
}

/** 5 s after the first failure, doubling, at most 5 minutes. */
export function retryDelayMs(retries: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, retries - 1), RETRY_MAX_MS)
}

// Two operations queued within one millisecond must still replay in the order they were made (an
// edit after its creation): createdAt never repeats or goes back within this page.
let lastCreatedAt = 0

export async function enqueue<P>(operation: OperationName, payload: P, now = Date.now()): Promise<QueuedOperation<P>> {
  const createdAt = Math.max(now, lastCreatedAt + 1)
  lastCreatedAt = createdAt
  const entry: QueuedOperation<P> = { id: crypto.randomUUID(), operation, payload, retries: 0, createdAt, nextAttemptAt: now }
  await (await db()).put('operations', entry)
  announceChange()
  return entry
}

/** Oldest first, the order they were made in (an edit must follow the creation it edits). */
export async function listOperations(): Promise<QueuedOperation[]> {
  const all = await (await db()).getAll('operations')
  return all.sort((a, b) => a.createdAt - b.createdAt)
}

export async function pendingCount(): Promise<number> {
  // Without IndexedDB (jsdom, some private modes) nothing can have been queued.
  if (typeof indexedDB === 'undefined') return 0
  return (await db()).count('operations')
}

/** Replaces a queued operation's payload, e.g. an offline edit of a paste that was created offline. */
export async function replacePayload(id: string, payload: unknown): Promise<boolean> {
  const store = (await db()).transaction('operations', 'readwrite').store
  const entry = await store.get(id)
  if (!entry) return false
  await store.put({ ...entry, payload })
  announceChange()
  return true
}

/**
 * Runs every due operation through its handler, oldest first: successes are deleted, failures get
 * retries +1 and a later nextAttemptAt. `ignoreBackoff` (the Sync now button) tries them all.
 */
export async function processQueue(
  handlers: (name: OperationName) => Promise<OperationHandler | undefined>,
  { now = () => Date.now(), ignoreBackoff = false }: { now?: () => number; ignoreBackoff?: boolean } = {},
): Promise<QueueRun> {
  const run: QueueRun = { succeeded: 0, failed: 0, remaining: 0 }
  for (const entry of await listOperations()) {
    if (!ignoreBackoff && entry.nextAttemptAt > now()) {
      run.remaining += 1
      continue
    }
    try {
      const handler = await handlers(entry.operation)
      if (!handler) throw new Error(`No handler for ${entry.operation}`)
      // The handler may have replaced this entry's payload meanwhile; it sees the stored one.
      const current = await (await db()).get('operations', entry.id)
      if (!current) continue
      await handler(current.payload)
      await (await db()).delete('operations', entry.id)
      run.succeeded += 1
    } catch (error) {
      const retries = entry.retries + 1
      const latest = (await (await db()).get('operations', entry.id)) ?? entry
      await (await db()).put('operations', {
        ...latest,
        retries,
        nextAttemptAt: now() + retryDelayMs(retries),
        lastError: error instanceof Error ? error.message : String(error),
      })
      run.failed += 1
      run.remaining += 1
    }
  }
  if (run.succeeded || run.failed) announceChange()
  return run
}
