/**
 * Resolves once what lib/after-first-paint was given before this call has run: its next frame, then a
 * task, then its idle callback (a task in jsdom), then one more task for margin.
 */
export function pastFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(() => setTimeout(resolve)))))
}
