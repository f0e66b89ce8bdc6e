import { getMe } from '@/features/auth/session/api/get-me'
import { setProfile } from '@/features/auth/session/profile-store'
import { getAdminStatus, setAdminRecheck, setAdminStatus } from '@/lib/admin-status'
import type { ChangeSource } from '@/lib/change-sources'

// SPEC §6: admin status comes from the server (GET /api/me → is_admin(auth.uid())) and is asked
// again on every auth change, whenever the window regains focus and on any change to user_roles
// (a Realtime source, added by src/app/realtime-sources.ts), so a role granted or revoked elsewhere
// shows up without a reload. The same call is the profile sync of SPEC §4 "signed in".

let asked = 0
let extraSources: ChangeSource[] = []
let watching: { recheck: () => void; stops: (() => void)[] } | undefined

/** Asks the BFF; only the newest question's answer counts, so a slow reply never undoes a newer one. */
export async function checkAdminStatus(accessToken: string): Promise<void> {
  const question = ++asked
  try {
    const me = await getMe(accessToken)
    if (question !== asked) return
    setAdminStatus(me.is_admin ? 'admin' : 'not-admin')
    setProfile(me.profile)
  } catch (error) {
    console.warn('[auth] Could not check admin status.', error)
    // A failed re-check keeps what was known; a first check that fails shows nothing admin-only.
    if (question === asked && getAdminStatus() === 'checking') setAdminStatus('not-admin')
  }
}

/** Signed out: no admin, and any answer still on its way is ignored. */
export function forgetAdminStatus(): void {
  asked += 1
  setAdminStatus('not-admin')
  setProfile(null)
}

/** One more reason to ask again (e.g. Realtime on user_roles), started with the focus re-check. */
export function addAdminStatusSource(source: ChangeSource): void {
  extraSources = [...extraSources, source]
  if (watching) watching.stops.push(source(watching.recheck))
}

/** Re-checks on window focus (and the added sources) while someone is signed in; returns the stop. */
export function watchAdminStatus(currentAccessToken: () => string | null): () => void {
  const recheck = () => {
    const token = currentAccessToken()
    if (token) void checkAdminStatus(token)
  }
  window.addEventListener('focus', recheck)
  setAdminRecheck(recheck)
  watching = { recheck, stops: extraSources.map((source) => source(recheck)) }
  return () => {
    window.removeEventListener('focus', recheck)
    setAdminRecheck(() => {})
    watching?.stops.forEach((stop) => stop())
    watching = undefined
  }
}
