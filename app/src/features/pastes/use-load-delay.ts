import { useEffect, useState } from 'react'

/** SPEC §9 "Paste load delay": a paste or list that arrives within 300 ms never flashes a loading state. */
export const PASTE_LOAD_DELAY_MS = 300

/** True once `loading` has lasted PASTE_LOAD_DELAY_MS; false again as soon as it ends. */
export function useLoadDelay(loading: boolean, delayMs = PASTE_LOAD_DELAY_MS): boolean {
  const [due, setDue] = useState(false)
  useEffect(() => {
    if (!loading) return
    const timer = setTimeout(() => setDue(true), delayMs)
    // The next loading starts from "not due" again.
    return () => {
      clearTimeout(timer)
      setDue(false)
    }
  }, [loading, delayMs])
  return loading && due
}
