// SPEC §4/§7/§9 refresh timer: refresh 5 minutes before expiry; a failed refresh is retried after
// 200 ms, then 400 ms, 800 ms, … while the token is still valid; if it never succeeds the visitor is
// sent to /login at expiry.
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000
export const REFRESH_RETRY_START_MS = 200

export interface RefreshTimerOptions {
  /** Epoch milliseconds when the access token expires. */
  expiresAt: number
  /** Resolves true when a new session was obtained (its TOKEN_REFRESHED event reschedules). */
  refresh: () => Promise<boolean>
  /** Called at expiry when no refresh succeeded. */
  onExpired: () => void
  now?: () => number
}

let pending: ReturnType<typeof setTimeout> | undefined
let generation = 0

export function cancelRefreshTimer(): void {
  generation++
  if (pending !== undefined) clearTimeout(pending)
  pending = undefined
}

/** Replaces any earlier schedule: only one session's timer runs at a time. */
export function scheduleRefresh({ expiresAt, refresh, onExpired, now = Date.now }: RefreshTimerOptions): void {
  cancelRefreshTimer()
  const mine = generation
  const at = (time: number, run: () => void) => {
    pending = setTimeout(() => {
      if (mine === generation) run()
    }, Math.max(0, time - now()))
  }

  const attempt = async (delay: number) => {
    let ok = false
    try {
      ok = await refresh()
    } catch (error) {
      console.warn('[auth] Refreshing the session failed.', error)
    }
    if (ok || mine !== generation) return
    const next = now() + delay
    if (next < expiresAt) at(next, () => void attempt(delay * 2))
    else at(expiresAt, onExpired)
  }

  at(expiresAt - REFRESH_BEFORE_EXPIRY_MS, () => void attempt(REFRESH_RETRY_START_MS))
}
