import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { closeQueueForTests, listOperations, processQueue } from '@/lib/offline/operation-queue'
import { ApiError } from '@/lib/api/client'
import { editTokenFor } from '@/features/pastes/edit-tokens'
import { syncCreatePaste, syncUpdatePaste } from '@/features/pastes/offline-handlers'
import { findLocalPaste, readLocalPastes, syncedIdFor } from '@/features/pastes/paste-store'
import { createOrQueue, updateOrQueue } from '@/features/pastes/save-paste'

const serverPaste = (body: Record<string, unknown>) => ({
  id: 'Srv1234567', title: '', language: 'plaintext', privacy: 'public', user_id: null, created_at: '2030-01-01T10:00:00Z',
  updated_at: '2030-01-01T10:00:00Z', expires_at: null, burn_after_read: false, views: 0, likes: 0, ...body,
})

let online = true
const requests: { method: string; path: string; body: unknown; token: string | null }[] = []

// The BFF boundary: answers like it, or fails like a dropped connection.
function stubBff(mode: 'ok' | 'network-down' | 'invalid') {
  vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
    if (mode === 'network-down') throw new TypeError('Failed to fetch')
    const body: unknown = request.method === 'GET' ? null : await request.json()
    requests.push({ method: request.method, path: new URL(request.url).pathname, body, token: request.headers.get('X-Edit-Token') })
    if (mode === 'invalid') return Response.json({ error: { code: 'invalid_input', message: 'content: must be 1 byte to 512 KB of text' } }, { status: 422 })
    if (request.method === 'POST') return Response.json({ ...serverPaste(body as Record<string, unknown>), edit_token: 'tok_abc' }, { status: 201 })
    return Response.json(serverPaste(body as Record<string, unknown>))
  }))
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory()
  online = true
  requests.length = 0
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
})
afterEach(async () => {
  await closeQueueForTests()
})

const handlers = async (name: string) => (name === 'createPaste' ? syncCreatePaste : syncUpdatePaste)

describe('saving pastes online and offline', () => {
  it("online: creates on the server and keeps the anonymous author's edit token", async () => {
    stubBff('ok')
    const outcome = await createOrQueue({ title: 'Hi', content: 'hello' }, 'never', null)
    expect(outcome).toMatchObject({ kind: 'saved', paste: { id: 'Srv1234567' } })
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/pastes', body: { title: 'Hi', content: 'hello', expires_at: null } })
    expect(editTokenFor('Srv1234567')).toBe('tok_abc')
    expect(await listOperations()).toEqual([])
  })

  it('offline: queues a createPaste operation and shows the paste as pending; the sync publishes it', async () => {
    online = false
    stubBff('ok')
    const outcome = await createOrQueue({ title: 'Plane', content: 'no wifi' }, '1h', null)
    expect(outcome.kind).toBe('queued')
    const localId = outcome.kind === 'queued' ? outcome.id : ''
    expect(requests).toEqual([])
    expect(findLocalPaste(localId)).toMatchObject({ title: 'Plane', content: 'no wifi', pending: true })
    expect((await listOperations()).map((entry) => entry.operation)).toEqual(['createPaste'])

    online = true
    const before = Date.now()
    expect(await processQueue(handlers)).toEqual({ succeeded: 1, failed: 0, remaining: 0 })
    // The hour counts from when it reaches the server.
    const sent = requests[0]?.body as { expires_at: string }
    expect(Date.parse(sent.expires_at) - before).toBeGreaterThanOrEqual(3_600_000)
    expect(syncedIdFor(localId)).toBe('Srv1234567')
    expect(readLocalPastes().map((paste) => paste.id)).toEqual(['Srv1234567'])
    expect(editTokenFor('Srv1234567')).toBe('tok_abc')
  })

  it('a dropped connection while online also queues instead of losing the text', async () => {
    stubBff('network-down')
    const outcome = await createOrQueue({ content: 'keep me' }, 'never', null)
    expect(outcome.kind).toBe('queued')
    expect(await listOperations()).toHaveLength(1)
  })

  it("the server's refusal is an error for the form, not something to queue", async () => {
    stubBff('invalid')
    await expect(createOrQueue({ content: 'x' }, 'never', null)).rejects.toThrow(ApiError)
    expect(await listOperations()).toEqual([])
  })

  it('an offline edit of a paste made offline folds into its queued creation', async () => {
    online = false
    stubBff('ok')
    const created = await createOrQueue({ title: 'Draft', content: 'v1' }, 'never', null)
    const localId = created.kind === 'queued' ? created.id : ''
    await updateOrQueue(localId, { title: 'Final', content: 'v2' }, 'keep', null)
    const queued = await listOperations()
    expect(queued).toHaveLength(1)
    expect(queued[0]?.payload).toMatchObject({ localId, body: { title: 'Final', content: 'v2' } })
    expect(findLocalPaste(localId)).toMatchObject({ title: 'Final', content: 'v2' })
  })

  it('an offline edit of a published paste queues updateFile with its edit token', async () => {
    online = false
    stubBff('ok')
    expect(await updateOrQueue('Srv1234567', { content: 'changed' }, 'keep', 'tok_abc')).toEqual({ kind: 'queued', id: 'Srv1234567' })
    const [entry] = await listOperations()
    expect(entry).toMatchObject({ operation: 'updateFile', payload: { id: 'Srv1234567', changes: { content: 'changed' }, editToken: 'tok_abc' }, retries: 0 })

    online = true
    await processQueue(handlers)
    expect(requests[0]).toMatchObject({ method: 'PATCH', path: '/api/pastes/Srv1234567', body: { content: 'changed' }, token: 'tok_abc' })
    expect(await listOperations()).toEqual([])
  })
})
