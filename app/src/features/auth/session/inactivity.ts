// SPEC §4/§8/§9: after 30 minutes without input the visitor is told the session expired and is signed out.
export const INACTIVITY_LIMIT_MS = 30 * 60 * 1000
export const INACTIVITY_MESSAGE = 'Your session has expired due to inactivity. Please log in again.'

/** Input that counts as activity; passive listeners, so watching costs nothing on scroll. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const

/** Calls onInactive once after the limit passes without input; returns a function that stops watching. */
export function watchInactivity(onInactive: () => void, limitMs = INACTIVITY_LIMIT_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const restart = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => {
      stop()
      onInactive()
    }, limitMs)
  }
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer)
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart)
  }
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, { passive: true })
  restart()
  return stop
}
