import { useLayoutEffect, useState, type Dispatch, type SetStateAction } from 'react'

// What a user typed or got on a tool page, kept for this tab in sessionStorage: Back then Forward
// and a reload bring it back, a new tab starts fresh, and nothing outlives the tab.
const PREFIX = 'page-state:'

function read<T>(key: string, initial: T): T {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + key)
    return raw === null ? initial : (JSON.parse(raw) as T)
  } catch {
    return initial
  }
}

/** Forgets what every page kept (at sign-out: the next person at this browser finds none of it). */
export function forgetPageStates(): void {
  try {
    const storage = window.sessionStorage
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index))
    for (const key of keys) if (key?.startsWith(PREFIX)) storage.removeItem(key)
  } catch (error) {
    console.warn('[page-state] Could not forget the pages\' state.', error)
  }
}

/** useState that survives leaving the page and coming back in the same tab; `key` names the page's field. */
export function usePageState<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => read(key, initial))
  // Kept in the same commit as the render that shows it, not after the next frame: a reload right
  // after typing must not lose the last keystrokes.
  useLayoutEffect(() => {
    try {
      window.sessionStorage.setItem(PREFIX + key, JSON.stringify(value))
    } catch (error) {
      console.warn(`[page-state] Could not keep "${key}".`, error)
    }
  }, [key, value])
  return [value, setValue]
}
