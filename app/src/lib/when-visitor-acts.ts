// What a page shows only once the visitor does something (a file tool's editor, results and previews)
// is fetched at their first act on the page: a drag over it, a click, a key, a touch. Not while the
// page loads, where it would compete with what the page needs to show itself; and a file dialog or a
// drag takes longer than the fetch, so it is there by the time a file is. Returns a stop (effects).
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
