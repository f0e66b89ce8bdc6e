import { useEffect } from 'react'

// What works offline on the page on screen, in the page's own words: the offline notice reads it
// when the connection drops, and again on every page change while offline. Only pastes queue
// changes for later, so only they may promise SPEC §8's "saved locally and synced".

/** SPEC §8, verbatim: the pastes pages, whose changes really are queued (features/offline). */
export const PASTES_OFFLINE_NOTE = 'You are offline. Changes will be saved locally and synced when you reconnect.'
export const DEFAULT_OFFLINE_NOTE = 'You are offline. Pages you have opened before still open; anything that needs the server waits until you are back.'

const notes: string[] = []
const listeners = new Set<() => void>()

export function currentOfflineNote(): string {
  return notes.at(-1) ?? DEFAULT_OFFLINE_NOTE
}

export function subscribeOfflineNote(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The page on screen says what works here offline (the innermost page's sentence wins). */
export function useOfflineNote(note: string): void {
  useEffect(() => {
    notes.push(note)
    listeners.forEach((listener) => listener())
    return () => {
      notes.splice(notes.lastIndexOf(note), 1)
      listeners.forEach((listener) => listener())
    }
  }, [note])
}
