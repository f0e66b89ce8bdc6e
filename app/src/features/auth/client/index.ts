// The auth/client room: Supabase Auth through supabase-js (loaded on first use) and its failures
// in plain words. The only entry for other rooms and features.
export { attemptAuth, confirmationRedirect, notifyAuthError, resendConfirmation } from '@/features/auth/client/auth-actions'
export { clearStoredSession, loadAuth } from '@/features/auth/client/auth-client'
