import { ApiError } from '@/lib/api/client'

/** The BFF's "not now" answers: the worker's job slots are full (`busy`) or the client already holds its share (`too_many_jobs`). */
export function isBusy(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'busy' || error.code === 'too_many_jobs')
}

/** A pause before trying again, cut short (AbortError) when the work is cancelled. */
export function waitUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(new DOMException('cancelled', 'AbortError'))
    })
  })
}

export interface BusyRetries {
  retries: number
  stepMs: number
  /** Called as each wait starts, so the page can say it is waiting for a slot. */
  onWait?: () => void
}

/**
 * `attemptOnce` again while the BFF says "not now" (another tab, tool or a just-cancelled request of
 * this page holds the client's job slots), up to `retries` more times, each wait `stepMs` longer.
 */
export async function whileBusy<T>(attemptOnce: () => Promise<T>, signal: AbortSignal | undefined, { retries, stepMs, onWait }: BusyRetries): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await attemptOnce()
    } catch (error) {
      if (!isBusy(error) || attempt >= retries) throw error
      onWait?.()
      await waitUnlessAborted(stepMs * (attempt + 1), signal)
    }
  }
}
