// JSON values in localStorage. SPEC §3/§8: a missing or unreadable value falls back to the
// default, and a failed read or write only logs a console warning naming the key.

function getLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    // Some privacy modes throw on the mere access of window.localStorage.
    return undefined
  }
}

export function readStorage<T>(key: string, fallback: T, isValid?: (value: unknown) => value is T): T {
  const storage = getLocalStorage()
  if (!storage) return fallback
  let raw: string | null
  try {
    raw = storage.getItem(key)
  } catch (error) {
    console.warn(`[storage] Could not read "${key}"; using the default.`, error)
    return fallback
  }
  if (raw === null) return fallback
  try {
    const parsed: unknown = JSON.parse(raw)
    if (isValid && !isValid(parsed)) {
      console.warn(`[storage] Ignoring an invalid value for "${key}"; using the default.`)
      return fallback
    }
    return parsed as T
  } catch (error) {
    console.warn(`[storage] Could not parse "${key}"; using the default.`, error)
    return fallback
  }
}

/** Returns false when the value could not be stored (quota, privacy mode, unserialisable). */
export function writeStorage(key: string, value: unknown): boolean {
  const storage = getLocalStorage()
  if (!storage) {
    console.warn(`[storage] Could not write "${key}": local storage is unavailable.`)
    return false
  }
  try {
    storage.setItem(key, JSON.stringify(value))
    return true
  } catch (error) {
    console.warn(`[storage] Could not write "${key}".`, error)
    return false
  }
}

export function removeStorage(key: string): void {
  try {
    getLocalStorage()?.removeItem(key)
  } catch (error) {
    console.warn(`[storage] Could not remove "${key}".`, error)
  }
}
