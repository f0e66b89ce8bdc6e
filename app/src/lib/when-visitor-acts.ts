// What waits for the visitor to do something on the page (a file tool's editor and results; for a
// signed-out visitor, supabase-js and Realtime) starts at their first act: a drag over the page, a
// click, a key, a touch. Not while the page loads, where it would compete with what the page needs
// to show itself; a file dialog or a drag outlasts the fetch. Returns a stop (for effects).
const ACTS = ['dragenter', 'pointerdown', 'keydown', 'touchstart'] as const

export function whenVisitorActs(run: () => void): () => void {
  const stop = () => ACTS.forEach((type) => window.removeEventListener(type, act, true))
  const act = () => {
    stop()
    run()
  }
  ACTS.forEach((type) => window.addEventListener(type, act, { capture: true, passive: true }))
  return stop
}
