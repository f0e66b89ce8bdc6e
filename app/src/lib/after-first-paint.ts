// Work the first page does not need to show itself (supabase-js, Realtime, the security checks)
// starts once that page has painted and the browser has a moment: after the next frame, when idle,
// or after `timeoutMs` at the latest.
export function afterFirstPaint(run: () => void, timeoutMs = 2000): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run(), { timeout: timeoutMs })
    else window.setTimeout(run, 0)
  }
  // A timeout set inside a frame callback runs after that frame has been painted.
  if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(() => window.setTimeout(whenIdle, 0))
  else window.setTimeout(whenIdle, 0)
}
