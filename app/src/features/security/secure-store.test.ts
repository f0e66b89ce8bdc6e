import { beforeEach, describe, expect, it, vi } from 'vitest'
import { readIncidents } from '@/features/security/incident-log'
import { generateStoreKey, type StoreKey } from '@/features/security/secure-store-key'
import { createSecureStore, RETRIEVE_FAILED, SECURE_STORE_PREFIX, STORE_FAILED, TAMPER_WARNING } from '@/features/security/secure-store'

const HOUR = 60 * 60 * 1000
let now: number
let key: StoreKey
let warn: ReturnType<typeof vi.fn<(message: string, variant: 'error' | 'warning') => void>>

function store(getKey = async () => key) {
  return createSecureStore({ storage: localStorage, getKey, now: () => now, warn })
}

function storedEntry(name: string) {
  return JSON.parse(localStorage.getItem(SECURE_STORE_PREFIX + name) ?? 'null') as { iv: string; data: string; expiresAt: number }
}

beforeEach(async () => {
  now = Date.parse('2026-11-23T12:00:00Z')
  key = await generateStoreKey()
  warn = vi.fn()
})

describe('secure store', () => {
  it('keeps values encrypted and gives them back', async () => {
    const secure = store()
    expect(await secure.setItem('draft', { note: 'meet at noon', n: 3 })).toBe(true)
    expect(localStorage.getItem(SECURE_STORE_PREFIX + 'draft')).not.toContain('noon')
    expect(await secure.getItem('draft')).toEqual({ note: 'meet at noon', n: 3 })
    expect(await secure.getItem('missing')).toBeNull()
    expect(warn).not.toHaveBeenCalled()
  })

  it('expires entries after 24 hours by default, or after their own lifetime', async () => {
    const secure = store()
    await secure.setItem('day', 'value')
    await secure.setItem('short', 'value', 5 * 60 * 1000)
    now += 5 * 60 * 1000
    expect(await secure.getItem('short')).toBeNull()
    now += 24 * HOUR - 5 * 60 * 1000 - 1
    expect(await secure.getItem('day')).toBe('value')
    now += 1
    expect(await secure.getItem('day')).toBeNull()
    expect(localStorage.getItem(SECURE_STORE_PREFIX + 'day')).toBeNull()
    expect(warn).not.toHaveBeenCalled()
  })

  it('treats an edited ciphertext as tampering: warns, clears the whole store and logs it', async () => {
    const secure = store()
    await secure.setItem('a', 'first')
    await secure.setItem('b', 'second')
    localStorage.setItem('unrelated', '"kept"')
    const entry = storedEntry('a')
    const bytes = Uint8Array.from(atob(entry.data), (char) => char.charCodeAt(0))
    bytes[0] = (bytes[0] ?? 0) ^ 1
    localStorage.setItem(SECURE_STORE_PREFIX + 'a', JSON.stringify({ ...entry, data: btoa(String.fromCharCode(...bytes)) }))

    expect(await secure.getItem('a')).toBeNull()
    expect(warn).toHaveBeenCalledWith(TAMPER_WARNING, 'warning')
    expect(localStorage.getItem(SECURE_STORE_PREFIX + 'b')).toBeNull()
    expect(localStorage.getItem('unrelated')).toBe('"kept"')
    expect(readIncidents().map((incident) => incident.code)).toEqual(['SYSTEM_ERROR'])
  })

  it('detects a stretched expiry or an entry moved to another name', async () => {
    const secure = store()
    await secure.setItem('token', 'secret', HOUR)
    const entry = storedEntry('token')
    localStorage.setItem(SECURE_STORE_PREFIX + 'token', JSON.stringify({ ...entry, expiresAt: entry.expiresAt + 100 * HOUR }))
    expect(await secure.getItem('token')).toBeNull()
    expect(warn).toHaveBeenLastCalledWith(TAMPER_WARNING, 'warning')

    await secure.setItem('token', 'secret', HOUR)
    localStorage.setItem(SECURE_STORE_PREFIX + 'other', localStorage.getItem(SECURE_STORE_PREFIX + 'token') ?? '')
    expect(await secure.getItem('other')).toBeNull()
    expect(warn).toHaveBeenCalledTimes(2)
    expect(localStorage.getItem(SECURE_STORE_PREFIX + 'token')).toBeNull()
  })

  it('treats garbage in an entry as tampering too', async () => {
    localStorage.setItem(SECURE_STORE_PREFIX + 'x', '{"v":1,"kid":')
    expect(await store().getItem('x')).toBeNull()
    expect(warn).toHaveBeenCalledWith(TAMPER_WARNING, 'warning')
  })

  it('forgets entries made with a key this browser no longer has, without alarm', async () => {
    await store().setItem('old', 'value')
    const newKey = await generateStoreKey()
    expect(await store(async () => newKey).getItem('old')).toBeNull()
    expect(warn).not.toHaveBeenCalled()
  })

  it("reports 'Failed to store data securely' and 'Failed to retrieve secure data' when the key is unavailable", async () => {
    await store().setItem('kept', 'value')
    const broken = store(() => Promise.reject(new Error('IndexedDB blocked')))
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(await broken.setItem('new', 'value')).toBe(false)
    expect(warn).toHaveBeenCalledWith(STORE_FAILED, 'error')
    expect(await broken.getItem('kept')).toBeNull()
    expect(warn).toHaveBeenLastCalledWith(RETRIEVE_FAILED, 'error')
    expect(localStorage.getItem(SECURE_STORE_PREFIX + 'kept')).not.toBeNull()  // a failure is no tampering
  })
})
