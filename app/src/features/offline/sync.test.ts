import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { closeQueueForTests, enqueue, listOperations, pendingCount } from '@/lib/offline/operation-queue'
import { registerOperationHandler, SYNC_MESSAGES, syncNow } from '@/features/offline/sync'
import { recordNotices } from '@/testing/record-notices'

let notifyMock: ReturnType<typeof recordNotices>
beforeEach(() => {
  notifyMock = recordNotices()
})

let online = true
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory()
  online = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  vi.clearAllMocks()
})
afterEach(async () => {
  await closeQueueForTests()
})

describe('syncNow', () => {
  it("refuses while offline with 'Cannot sync while offline' and keeps the queue", async () => {
    registerOperationHandler('createPaste', async () => async () => undefined)
    await enqueue('createPaste', { content: 'x' })
    online = false
    expect(await syncNow('manual')).toBeUndefined()
    expect(notifyMock.error).toHaveBeenCalledWith('Cannot sync while offline')
    expect(await pendingCount()).toBe(1)
  })

  it("replays the queue through the registered handler and says 'All changes successfully synced!'", async () => {
    const created: unknown[] = []
    registerOperationHandler('createPaste', async () => async (payload) => void created.push(payload))
    await enqueue('createPaste', { content: 'one' })
    await enqueue('createPaste', { content: 'two' })
    expect(await syncNow('reconnect')).toEqual({ succeeded: 2, failed: 0, remaining: 0 })
    expect(created).toEqual([{ content: 'one' }, { content: 'two' }])
    expect(notifyMock.success).toHaveBeenCalledWith('All changes successfully synced!')
    expect(await pendingCount()).toBe(0)
  })

  it("reports failures with 'Failed to sync some changes. Will retry automatically.' and counts the retry", async () => {
    registerOperationHandler('updateFile', async () => async () => {
      throw new Error('Failed to update paste')
    })
    await enqueue('updateFile', { id: 'abc123' })
    expect(await syncNow('manual')).toEqual({ succeeded: 0, failed: 1, remaining: 1 })
    expect(notifyMock.error).toHaveBeenCalledWith(SYNC_MESSAGES.someFailed)
    expect(notifyMock.error).toHaveBeenCalledWith('Failed to sync some changes. Will retry automatically.')
    expect((await listOperations())[0]?.retries).toBe(1)
  })

  it("a background retry leaves operations still backing off alone and says nothing", async () => {
    registerOperationHandler('updateFile', async () => async () => {
      throw new Error('still down')
    })
    await enqueue('updateFile', { id: 'abc123' })
    await syncNow('manual')
    vi.clearAllMocks()
    expect(await syncNow('retry')).toEqual({ succeeded: 0, failed: 0, remaining: 1 })
    expect(notifyMock.error).not.toHaveBeenCalled()
    expect(notifyMock.info).not.toHaveBeenCalled()
  })

  it("names how many operations still wait: '{n} operations still pending sync.'", () => {
    expect(SYNC_MESSAGES.stillPending(3)).toBe('3 operations still pending sync.')
  })

  it('runs one sync at a time: a second call joins the running one', async () => {
    let release = () => {}
    const calls = vi.fn()
    registerOperationHandler('createPaste', async () => async () => {
      calls()
      await new Promise<void>((resolve) => (release = resolve))
    })
    await enqueue('createPaste', { content: 'x' })
    const first = syncNow('manual')
    const second = syncNow('manual')
    await vi.waitFor(() => expect(calls).toHaveBeenCalledTimes(1))
    release()
    expect(await first).toEqual(await second)
    expect(calls).toHaveBeenCalledTimes(1)
  })
})
