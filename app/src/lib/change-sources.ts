// Things that tell a store "the server's data may have changed, look again". Today: a 30 s poll and
// the window regaining focus (SPEC §6 re-checks); a Supabase Realtime subscription can be added as
// one more source without touching the stores that use them.
export type ChangeSource = (onChange: () => void) => () => void

export const RECHECK_INTERVAL_MS = 30_000

export function pollSource(intervalMs = RECHECK_INTERVAL_MS): ChangeSource {
  return (onChange) => {
    const timer = setInterval(onChange, intervalMs)
    return () => clearInterval(timer)
  }
}

/** Focus and a tab becoming visible again: the moments a stale page would be noticed. */
export function focusSource(): ChangeSource {
  return (onChange) => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') onChange()
    }
    window.addEventListener('focus', onChange)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.removeEventListener('focus', onChange)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }
}

/** Starts every source; the returned function stops them all. */
export function watchForChanges(sources: readonly ChangeSource[], onChange: () => void): () => void {
  const stops = sources.map((source) => source(onChange))
  return () => stops.forEach((stop) => stop())
}
