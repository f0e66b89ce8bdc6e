// The secure store's AES-GCM key: generated in this browser, non-extractable, kept in IndexedDB
// (which can hold a CryptoKey without ever exposing its bytes to scripts or to localStorage).
export interface StoreKey {
  id: string
  key: CryptoKey
}

const DB_NAME = 'toolkit-secure-store'
const STORE = 'keys'
const RECORD = 'aes-gcm'

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'))
  })
}

function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, 1)
  open.onupgradeneeded = () => open.result.createObjectStore(STORE)
  return request(open)
}

export async function generateStoreKey(): Promise<StoreKey> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  return { id: crypto.randomUUID(), key }
}

let cached: Promise<StoreKey> | undefined

/** The key of this browser, made on first use. */
export function indexedDbStoreKey(): Promise<StoreKey> {
  cached ??= (async () => {
    const db = await openDatabase()
    try {
      const existing = (await request(db.transaction(STORE).objectStore(STORE).get(RECORD))) as StoreKey | undefined
      if (existing?.key && existing.id) return existing
      const made = await generateStoreKey()
      await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(made, RECORD))
      return made
    } finally {
      db.close()
    }
  })().catch((error: unknown) => {
    cached = undefined
    throw error
  })
  return cached
}
