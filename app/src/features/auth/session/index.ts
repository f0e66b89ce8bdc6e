// The auth/session room: the signed-in state and its SPEC §4 lifecycle (storage keys, refresh,
// inactivity, admin status), the guard for protected pages and sign-out. The only entry for other
// rooms and features.
export { addAdminStatusSource } from '@/features/auth/session/admin-check'
export { getMe, type Me, type Profile } from '@/features/auth/session/api/get-me'
export { needsSecondFactor } from '@/features/auth/session/assurance'
export { setSessionNavigator } from '@/features/auth/session/navigation'
export { loginAfterSignOut, PROTECTED_PAGE_PATHS, safeReturnPath } from '@/features/auth/session/protected-paths'
export { setProfile, useProfile } from '@/features/auth/session/profile-store'
export { PageLoading, RequireAuth, type SignInReason } from '@/features/auth/session/require-auth'
export { SESSION_KEYS } from '@/features/auth/session/session-storage'
export { resetSessionStoreForTests, startSessionStore, startStoredSession, whenSessionWanted, type SessionState } from '@/features/auth/session/session-store'
export { signOutEverywhere } from '@/features/auth/session/sign-out'
export { SignOutButton, useSignOut } from '@/features/auth/session/sign-out-button'
export { useSession } from '@/features/auth/session/use-session'
