import { indexedDbStoreKey, type StoreKey } from '@/features/security/secure-store-key'
import { recordIncident } from '@/features/security/incident-log'
import { notify } from '@/lib/notify'

// SPEC §5/§8/§9: values kept in localStorage encrypted with AES-GCM, each entry expiring (24 h by
// default). The entry's name and expiry are the cipher's additional data, so moving an entry or
// stretching its expiry fails authentication exactly like editing the ciphertext: that is tampering.
export const SECURE_STORE_PREFIX = 'secure-store:'
export const SECURE_STORE_TTL_MS = 24 * 60 * 60 * 1000
export const STORE_FAILED = 'Failed to store data securely'
export const RETRIEVE_FAILED = 'Failed to retrieve secure data'
export const TAMPER_WARNING = 'Security warning: Local storage may have been compromised'

interface Entry {
  v: 1
  kid: string
  iv: string
  data: string
  expiresAt: number
}

export interface SecureStoreDeps {
  storage: Storage
  getKey: () => Promise<StoreKey>
  now: () => number
  /** Where the user hears about failures (the toasts of SPEC §8). */
  warn: (message: string, variant: 'error' | 'warning') => void
}

class TamperedError extends Error {}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
}

const additionalData = (name: string, expiresAt: number) => new TextEncoder().encode(`${name}\n${expiresAt}`)

function parseEntry(raw: string): Entry {
  let entry: Partial<Entry>
  try {
    entry = JSON.parse(raw) as Partial<Entry>
  } catch {
    throw new TamperedError('not JSON')
  }
  const valid = entry?.v === 1 && typeof entry.kid === 'string' && typeof entry.iv === 'string' && typeof entry.data === 'string' && Number.isFinite(entry.expiresAt)
  if (!valid) throw new TamperedError('malformed entry')
  return entry as Entry
}

export function createSecureStore({ storage, getKey, now, warn }: SecureStoreDeps) {
  const slot = (name: string) => SECURE_STORE_PREFIX + name

  function clear(): void {
    const names = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key?.startsWith(SECURE_STORE_PREFIX) ?? false)
    for (const key of names) storage.removeItem(key)
  }

  async function decrypt(name: string, entry: Entry, key: StoreKey): Promise<unknown> {
    try {
      const iv = fromBase64(entry.iv)
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: additionalData(name, entry.expiresAt) }, key.key, fromBase64(entry.data))
      return JSON.parse(new TextDecoder().decode(plain))
    } catch (error) {
      throw new TamperedError(String(error))
    }
  }

  return {
    /** Encrypts and keeps `value`; false (and a toast) when it could not. */
    async setItem(name: string, value: unknown, ttlMs = SECURE_STORE_TTL_MS): Promise<boolean> {
      try {
        const key = await getKey()
        const expiresAt = now() + ttlMs
        const iv = crypto.getRandomValues(new Uint8Array(12))
        const plain = new TextEncoder().encode(JSON.stringify(value))
        const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: additionalData(name, expiresAt) }, key.key, plain)
        const entry: Entry = { v: 1, kid: key.id, iv: toBase64(iv), data: toBase64(new Uint8Array(cipher)), expiresAt }
        storage.setItem(slot(name), JSON.stringify(entry))
        return true
      } catch (error) {
        console.warn(`[secure-store] Could not store "${name}".`, error)
        warn(STORE_FAILED, 'error')
        return false
      }
    },

    /** The value, or null when missing or expired; a tampered entry clears the whole store. */
    async getItem<T>(name: string): Promise<T | null> {
      try {
        const raw = storage.getItem(slot(name))
        if (raw === null) return null
        const entry = parseEntry(raw)
        const key = await getKey()
        // Made with a key this browser no longer has (site data partly cleared): gone, not tampered.
        if (entry.kid !== key.id || now() >= entry.expiresAt) {
          storage.removeItem(slot(name))
          return null
        }
        return (await decrypt(name, entry, key)) as T
      } catch (error) {
        if (error instanceof TamperedError) {
          clear()
          warn(TAMPER_WARNING, 'warning')
          recordIncident('SYSTEM_ERROR', `Secure store entry "${name}" failed its integrity check`)
          return null
        }
        console.warn(`[secure-store] Could not read "${name}".`, error)
        warn(RETRIEVE_FAILED, 'error')
        return null
      }
    },

    removeItem(name: string): void {
      storage.removeItem(slot(name))
    },

    clear,
  }
}

export type SecureStore = ReturnType<typeof createSecureStore>

let defaultStore: SecureStore | undefined

/** This browser's secure store (localStorage + the IndexedDB key). */
export function secureStore(): SecureStore {
  defaultStore ??= createSecureStore({
    storage: window.localStorage,
    getKey: indexedDbStoreKey,
    now: Date.now,
    warn: (message, variant) => (variant === 'error' ? notify.error(message) : notify.warning(message)),
  })
  return defaultStore
}
