import 'fake-indexeddb/auto'
import { act, render, screen } from '@testing-library/react'
import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_OFFLINE_NOTE, PASTES_OFFLINE_NOTE, useOfflineNote } from '@/lib/offline-note'
import { closeQueueForTests, enqueue, pendingCount, QUEUE_DB_NAME } from '@/lib/offline/operation-queue'
import { registerOperationHandler } from '@/features/offline/sync'
import { PENDING_POLL_MS } from '@/features/offline/use-offline-sync'
import { PendingSyncIndicator } from '@/features/offline/pending-sync-indicator'
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
  vi.useRealTimers()
  await closeQueueForTests()
})

/** Another tab queues work: the database changes without this page's change event. */
async function queueFromAnotherTab() {
  const db = await openDB(QUEUE_DB_NAME, 1)
  await db.put('operations', { id: crypto.randomUUID(), operation: 'createPaste', payload: {}, retries: 0, createdAt: 0, nextAttemptAt: Date.now() + 3_600_000 })
  db.close()
}

function PastesPage() {
  useOfflineNote(PASTES_OFFLINE_NOTE)
  return null
}

describe('the pending-sync indicator', () => {
  it('polls the pending count every 30 s and shows it in the header', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    render(<PendingSyncIndicator />)
    await act(async () => {
      await pendingCount()
    })
    expect(screen.queryByTestId('pending-sync')).toBeNull()

    await queueFromAnotherTab()
    await act(async () => {
      await pendingCount()
    })
    expect(screen.queryByTestId('pending-sync')).toBeNull()

    await act(async () => {
      vi.advanceTimersByTime(PENDING_POLL_MS)
    })
    expect(await screen.findByRole('button', { name: 'Sync now: 1 change pending' })).toBeInTheDocument()
  })

  it("going offline says what works offline on the page (the SPEC's message on a pastes page); coming back says so and syncs the queue", async () => {
    const created = vi.fn(async () => undefined)
    registerOperationHandler('createPaste', async () => created)
    const { rerender } = render(<PendingSyncIndicator />)

    online = false
    act(() => void window.dispatchEvent(new Event('offline')))
    expect(notifyMock).toHaveBeenLastCalledWith(expect.objectContaining({ title: DEFAULT_OFFLINE_NOTE, variant: 'warning' }))
    // A pastes page says what it does offline: the same notice, updated in place.
    rerender(<><PendingSyncIndicator /><PastesPage /></>)
    expect(notifyMock).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'You are offline. Changes will be saved locally and synced when you reconnect.', variant: 'warning', id: 'connectivity' }))
    await act(async () => void (await enqueue('createPaste', { content: 'written offline' })))
    expect(await screen.findByRole('button', { name: 'Offline: 1 change waiting to sync' })).toBeInTheDocument()

    online = true
    act(() => void window.dispatchEvent(new Event('online')))
    expect(notifyMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'You are back online!', variant: 'success' }))
    await vi.waitFor(() => expect(created).toHaveBeenCalledWith({ content: 'written offline' }))
    await vi.waitFor(() => expect(notifyMock.success).toHaveBeenCalledWith('All changes successfully synced!'))
    await vi.waitFor(() => expect(screen.queryByTestId('pending-sync')).toBeNull())
  })

  it('Sync now replays the queue on demand', async () => {
    const created = vi.fn(async () => undefined)
    registerOperationHandler('createPaste', async () => async () => {
      throw new Error('down')
    })
    await enqueue('createPaste', { content: 'x' })
    render(<PendingSyncIndicator />)
    // At start-up the queue is tried once (it fails here) and the count is shown.
    const button = await screen.findByRole('button', { name: 'Sync now: 1 change pending' })
    await vi.waitFor(() => expect(notifyMock.error).toHaveBeenCalledWith('Failed to sync some changes. Will retry automatically.'))

    registerOperationHandler('createPaste', async () => created)
    await act(async () => button.click())
    await vi.waitFor(() => expect(created).toHaveBeenCalledTimes(1))
    await vi.waitFor(() => expect(screen.queryByTestId('pending-sync')).toBeNull())
  })
})
