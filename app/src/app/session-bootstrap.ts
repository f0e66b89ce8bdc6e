import { startStoredSession } from '@/features/auth/session'
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
