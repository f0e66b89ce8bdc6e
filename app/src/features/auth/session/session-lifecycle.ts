import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js'
import { needsSecondFactor } from '@/features/auth/session/assurance'
import { checkAdminStatus, forgetAdminStatus, watchAdminStatus } from '@/features/auth/session/admin-check'
import { INACTIVITY_MESSAGE, watchInactivity } from '@/features/auth/session/inactivity'
import { sessionNavigate } from '@/features/auth/session/navigation'
import { isSignedOutRedirectPath, loginAfterSignOut } from '@/features/auth/session/protected-paths'
import { cancelRefreshTimer, scheduleRefresh } from '@/features/auth/session/refresh-timer'
import { readSessionWithRetries } from '@/features/auth/session/session-start'
import { clearStoredSession, expiryMs, readStoredSession, saveSession, saveTokens } from '@/features/auth/session/session-storage'
import { notify } from '@/lib/notify'

// SPEC §4 session lifecycle: start, auth events, refresh timer and inactivity, in one place. The
// session store (session-store.ts) calls start() once and publishes what it reports.
type Auth = SupabaseClient['auth']
type Report = (session: Session | null) => void

let stopInactivity: (() => void) | undefined
let stopAdminWatch: (() => void) | undefined
let currentAccessToken: string | null = null

/** SPEC §4 clearing: stored keys (with the legacy ones), the pending refresh and the inactivity watch. */
export function clearLocalState(): void {
  clearStoredSession()
  cancelRefreshTimer()
  stopInactivity?.()
  stopInactivity = undefined
  currentAccessToken = null
  forgetAdminStatus()
}

/**
 * Signed out (by the user, from another tab or device, or after inactivity): the local state, and
 * every draft typed in this browser, so the next person here finds nothing of the last one's.
 */
export function forgetSignedOutUser(): void {
  clearLocalState()
  // Loaded when needed (the service worker keeps the chunk, offline too): not in the first page's budget.
  void import('@/lib/drafts').then(
    ({ clearDrafts }) => clearDrafts(),
    (error: unknown) => console.warn('[drafts] Could not clear the drafts kept in this browser.', error),
  )
}

/**
 * SPEC §4 "upsert profile": the profile row itself is made by the database when the user is created
 * (the BFF has no insert), so each auth change asks the BFF for it, which also re-checks admin status
 * (SPEC §6).
 */
function syncProfileAndAdmin(session: Session): void {
  // Still owing the authenticator code, the session has no profile or admin powers to ask about
  // (the BFF answers mfa_required); MFA_CHALLENGE_VERIFIED brings the check.
  if (needsSecondFactor(session)) return
  currentAccessToken = session.access_token
  void checkAdminStatus(session.access_token)
}

function schedule(auth: Auth, session: Session): void {
  scheduleRefresh({
    expiresAt: expiryMs(session),
    refresh: async () => {
      const { data, error } = await auth.refreshSession()
      return !error && Boolean(data.session)
    },
    onExpired: () => {
      clearLocalState()
      sessionNavigate('/login')
      void auth.signOut({ scope: 'local' }).catch(() => undefined)
    },
  })
}

function signedIn(auth: Auth, session: Session): void {
  saveSession(session)
  syncProfileAndAdmin(session)
  schedule(auth, session)
  stopInactivity ??= watchInactivity(() => {
    stopInactivity = undefined
    notify.warning(INACTIVITY_MESSAGE)
    void auth.signOut({ scope: 'local' }).catch((error: unknown) => console.warn('[auth] Sign-out after inactivity failed.', error))
  })
}

export function handleAuthEvent(auth: Auth, event: AuthChangeEvent, session: Session | null, report: Report): void {
  switch (event) {
    case 'SIGNED_IN':
    case 'MFA_CHALLENGE_VERIFIED':
    case 'USER_UPDATED':
      if (session) signedIn(auth, session)
      break
    case 'TOKEN_REFRESHED':
      if (session) {
        saveTokens(session)
        syncProfileAndAdmin(session)
        schedule(auth, session)
      }
      break
    case 'SIGNED_OUT':
      forgetSignedOutUser()
      report(null)
      if (isSignedOutRedirectPath(window.location.pathname)) sessionNavigate(loginAfterSignOut())
      return
    default:
      return // INITIAL_SESSION is handled by start(); PASSWORD_RECOVERY arrives with SIGNED_IN.
  }
  if (session) report(session)
}

/** What an auth event means for the signed-in state at once (undefined: nothing it changes). */
function reportedSession(event: AuthChangeEvent, session: Session | null): Session | null | undefined {
  if (event === 'SIGNED_OUT') return null
  const changesSession = event === 'SIGNED_IN' || event === 'MFA_CHALLENGE_VERIFIED' || event === 'USER_UPDATED' || event === 'TOKEN_REFRESHED'
  return changesSession && session ? session : undefined
}

/** Session start (SPEC §4): read with retries; on failure clear local state and report signed out. */
export async function startSessionLifecycle(auth: Auth, report: Report): Promise<void> {
  let session: Session | null = null
  try {
    session = await readSessionWithRetries(() => auth.getSession())
  } catch {
    clearLocalState()
  }
  // Checked whether or not supabase-js still has a session: unreadable user data always shows its toast.
  const stored = readStoredSession()
  const unreadable = stored.status === 'unparseable-user' || stored.status === 'unparseable-expiry'
  if (session && unreadable) {
    // Treated as no session: forget supabase-js's copy too, so both agree.
    session = null
    await auth.signOut({ scope: 'local' }).catch(() => undefined)
  }
  if (session) signedIn(auth, session)
  else clearLocalState()
  report(session)
  stopAdminWatch ??= watchAdminStatus(() => currentAccessToken)
  auth.onAuthStateChange((event, changed) => {
    // supabase-js awaits its listeners before the call that signed in or out returns: telling the store
    // here means the page that call then opens (/dashboard, /login?t=) already sees the new session.
    const reported = reportedSession(event, changed)
    if (reported !== undefined) report(reported)
    // supabase-js awaits its listeners: leave the callback before doing anything that calls Auth.
    setTimeout(() => handleAuthEvent(auth, event, changed, report), 0)
  })
}

/** Tests only. */
export function resetSessionLifecycleForTests(): void {
  clearLocalState()
  stopAdminWatch?.()
  stopAdminWatch = undefined
}
