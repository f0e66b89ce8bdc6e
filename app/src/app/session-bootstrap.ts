import { startStoredSession, whenSignedIn } from '@/features/auth/session'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { whenVisitorActs } from '@/lib/when-visitor-acts'
import { setAdminStatus } from '@/lib/admin-status'

type StartingStatus = ReturnType<typeof startStoredSession>

/**
 * The stored session (SPEC §3 keys, read synchronously) is the first page's session, so its BFF calls
 * carry the access token at once; anonymous visitors load no Auth code until a page needs it.
 */
export function startSessionFromStorage(): StartingStatus {
  const status = startStoredSession()
  if (status === 'signed-out') setAdminStatus('not-admin') // nobody signed in: no need to ask the server
  return status
}

/**
 * The live re-checks of admin status and disabled pages (Realtime, which loads supabase-js): a
 * signed-in visitor's after the first paint; a signed-out visitor's at their first act on the page
 * or their sign-in, whichever comes first (until then the stores' focus and poll re-checks stand),
 * so a first visit loads no supabase-js. Never started by a sign-out's own click: the sources' first
 * re-check would then go out with the token being revoked.
 */
export function startLiveRechecks(status: StartingStatus, start: () => void): void {
  let started = false
  const once = () => {
    if (started) return
    started = true
    start()
  }
  if (status !== 'signed-out') return afterFirstPaint(once)
  whenVisitorActs(once)
  whenSignedIn(once)
}
