import { readStorage, removeStorage, writeStorage } from '@/lib/storage'
import { forgetPageStates } from '@/lib/use-page-state'

// Drafts of what someone is writing, kept so that a reload or a crash loses nothing — except a
// secret. A plain draft is kept in this browser's localStorage (the page says so) under `draft:<name>`.
// A draft of something to be encrypted in the browser is kept in this page's memory only: it
// survives moving around the app, not a reload. Encrypting it in storage would not help: its key
// would have to be stored too, and stored beside the draft it protects nothing, while a key kept in
// memory is lost with the page just like the draft. Sign-out forgets every draft (clearDrafts).
const PREFIX = 'draft:'
/** Drafts of earlier builds, under keys of their own. */
const LEGACY_KEYS = ['paste-draft']

const inMemory = new Map<string, unknown>()

/** The draft `name`: the one in memory if any, else the one kept in this browser, else `fallback`. */
export function readDraft<T>(name: string, fallback: T, isValid: (value: unknown) => value is T): T {
  if (inMemory.has(name)) {
    const value = inMemory.get(name)
    return isValid(value) ? value : fallback
  }
  return readStorage(PREFIX + name, fallback, isValid)
}

/** Keeps the draft `name`: a secret one in memory only (and no stored copy is left behind). */
export function keepDraft(name: string, value: unknown, { secret }: { secret: boolean }): void {
  if (secret) {
    removeStorage(PREFIX + name)
    inMemory.set(name, value)
  } else {
    inMemory.delete(name)
    writeStorage(PREFIX + name, value)
  }
}

/** Once what it was a draft of has been made. */
export function forgetDraft(name: string): void {
  inMemory.delete(name)
  removeStorage(PREFIX + name)
}

/** At sign-out: every draft, in memory and in this browser, and what the tool pages kept for this tab. */
export function clearDrafts(): void {
  inMemory.clear()
  let keys: string[] = []
  try {
    keys = Object.keys(window.localStorage).filter((key) => key.startsWith(PREFIX))
  } catch (error) {
    console.warn('[drafts] Could not list the drafts kept in this browser.', error)
  }
  for (const key of [...keys, ...LEGACY_KEYS]) removeStorage(key)
  forgetPageStates()
}
