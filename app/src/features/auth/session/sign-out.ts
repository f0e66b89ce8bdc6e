import { clearStoredSession, loadAuth } from '@/features/auth/client'
import { markSignedOut, startSessionStore } from '@/features/auth/session/session-store'
import { notify } from '@/lib/notify'

/** SPEC §4 logout: global sign-out; the local session is cleared even when the server can't be told. */
export async function signOutEverywhere(): Promise<void> {
  // The store must be following Auth's events (it starts after the first paint), so the sign-out
  // reaches it before the caller moves on to /login?t=.
  await startSessionStore().catch(() => undefined)
  let failed = false
  try {
    const { error } = await (await loadAuth()).signOut({ scope: 'global' })
    failed = Boolean(error)
  } catch {
    failed = true
  }
  if (failed) {
    // supabase-js keeps the session when the server call fails for other reasons than 401/403/404.
    await clearStoredSession().catch((error: unknown) => console.warn('[auth] Could not clear the session.', error))
    markSignedOut()
    notify.error('Error during logout, but session cleared')
  } else {
    notify.success('Successfully logged out')
  }
}
