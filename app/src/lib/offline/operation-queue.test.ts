import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  closeQueueForTests,
  enqueue,
  listOperations,
  pendingCount,
  processQueue,
  QUEUE_CHANGED_EVENT,
  replacePayload,
  retryDelayMs,
  type OperationHandler,
} from '@/lib/offline/operation-queue'

beforeEach(() => {
  // A fresh, empty browser database for every case.
  globalThis.indexedDB = new IDBFactory()
})
afterEach(async () => {
  await closeQueueForTests()
})

const handlers = (map: Partial<Record<string, OperationHandler>>) => async (name: string) => map[name]

describe('the offline operation queue', () => {
  it("stores each operation in IndexedDB's 'operations' store with its payload and zero retries", async () => {
    const changed = vi.fn()
    window.addEventListener(QUEUE_CHANGED_EVENT, changed)
    const queued = await enqueue('createPaste', { title: 'Notes', content: 'hello' })
    window.removeEventListener(QUEUE_CHANGED_EVENT, changed)

    expect(queued).toMatchObject({ operation: 'createPaste', payload: { title: 'Notes', content: 'hello' }, retries: 0 })
    expect(typeof queued.id).toBe('string')
    expect(await pendingCount()).toBe(1)
    expect(changed).toHaveBeenCalledTimes(1)
  })

  it('keeps queued work when the page reopens the database (a reload or a browser restart)', async () => {
    await enqueue('createPaste', { content: 'first' })
    await enqueue('updateFile', { id: 'abc123', changes: { content: 'second' } })
    await closeQueueForTests()

    const reopened = await listOperations()
    expect(reopened.map((entry) => entry.operation)).toEqual(['createPaste', 'updateFile'])
    expect(await pendingCount()).toBe(2)
  })

  it('keeps the order operations were made in, even within one millisecond', async () => {
    for (let n = 0; n < 20; n += 1) await enqueue(n % 2 ? 'updateFile' : 'createPaste', { n }, 5000)
    expect((await listOperations()).map((entry) => (entry.payload as { n: number }).n)).toEqual([...Array(20).keys()])
  })

  it('replays operations oldest first and deletes each one that succeeds', async () => {
    const seen: unknown[] = []
    await enqueue('createPaste', { n: 1 }, 1000)
    await enqueue('updateFile', { n: 2 }, 2000)
    const run = await processQueue(
      handlers({
        createPaste: async (payload) => void seen.push(payload),
        updateFile: async (payload) => void seen.push(payload),
      }),
      { now: () => 10_000 },
    )
    expect(seen).toEqual([{ n: 1 }, { n: 2 }])
    expect(run).toEqual({ succeeded: 2, failed: 0, remaining: 0 })
    expect(await pendingCount()).toBe(0)
  })

  it('counts a failure as retries + 1, keeps the operation and backs off before the next automatic try', async () => {
    let clock = 100_000
    const now = () => clock
    const attempts = vi.fn(async () => {
      throw new Error('Failed to create paste')
    })
    await enqueue('createPaste', { content: 'x' }, clock)

    expect(await processQueue(handlers({ createPaste: attempts }), { now })).toEqual({ succeeded: 0, failed: 1, remaining: 1 })
    let [entry] = await listOperations()
    expect(entry?.retries).toBe(1)
    expect(entry?.lastError).toBe('Failed to create paste')
    expect(entry?.nextAttemptAt).toBe(clock + retryDelayMs(1))

    // Before the back-off ends an automatic run leaves it alone…
    clock += retryDelayMs(1) - 1
    expect(await processQueue(handlers({ createPaste: attempts }), { now })).toEqual({ succeeded: 0, failed: 0, remaining: 1 })
    expect(attempts).toHaveBeenCalledTimes(1)

    // …after it, it is tried again and the count goes on.
    clock += 1
    await processQueue(handlers({ createPaste: attempts }), { now })
    ;[entry] = await listOperations()
    expect(entry?.retries).toBe(2)
    expect(attempts).toHaveBeenCalledTimes(2)

    // "Sync now" does not wait for the back-off, and a success finally deletes it.
    const run = await processQueue(handlers({ createPaste: async () => undefined }), { now, ignoreBackoff: true })
    expect(run).toEqual({ succeeded: 1, failed: 0, remaining: 0 })
    expect(await listOperations()).toEqual([])
  })

  it('backs off 5 s after the first failure, doubling, at most 5 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000])
    expect(retryDelayMs(30)).toBe(300_000)
  })

  it('one failure does not stop the operations after it', async () => {
    await enqueue('createPaste', { ok: false }, 1)
    await enqueue('createPaste', { ok: true }, 2)
    const run = await processQueue(
      handlers({
        createPaste: async (payload) => {
          if (!(payload as { ok: boolean }).ok) throw new Error('refused')
        },
      }),
      { now: () => 10 },
    )
    expect(run).toEqual({ succeeded: 1, failed: 1, remaining: 1 })
    expect((await listOperations()).map((entry) => entry.payload)).toEqual([{ ok: false }])
  })

  it('an operation without a handler fails and stays queued', async () => {
    await enqueue('updateFile', { id: 'abc123' }, 1)
    expect(await processQueue(handlers({}), { now: () => 10 })).toEqual({ succeeded: 0, failed: 1, remaining: 1 })
    expect((await listOperations())[0]?.retries).toBe(1)
  })

  it('replaces the payload of a queued operation (an offline edit of an offline creation)', async () => {
    const queued = await enqueue('createPaste', { content: 'draft' })
    expect(await replacePayload(queued.id, { content: 'final' })).toBe(true)
    expect(await replacePayload('no-such-id', {})).toBe(false)
    expect((await listOperations())[0]?.payload).toEqual({ content: 'final' })
  })
})
