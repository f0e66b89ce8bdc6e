import { startStoredSession, whenSessionWanted } from '@/features/auth/session'
import { setAdminStatus } from '@/lib/admin-status'

/**
 * The stored session (SPEC §3 keys, read synchronously) is the first page's session, so its BFF calls
 * carry the access token at once; anonymous visitors load no Auth code until a page needs it.
 */
export function startSessionFromStorage(): void {
  if (startStoredSession() === 'signed-out') setAdminStatus('not-admin') // nobody signed in: no need to ask the server
}

/**
 * The live re-checks of admin status and disabled pages (Realtime, which loads supabase-js) start when
 * the session is wanted (session-store's whenSessionWanted); until then the stores' focus and poll
 * re-checks stand, so a first visit loads no supabase-js.
 */
export function startLiveRechecks(start: () => void): void {
  whenSessionWanted(start)
}
