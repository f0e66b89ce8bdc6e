import { loadAuth, clearStoredSession } from '@/features/auth/auth-client'
import { describeAuthError } from '@/features/auth/auth-errors'
import { normaliseUsername, type SignUpInput } from '@/features/auth/credentials'
import { markSignedOut } from '@/features/auth/session-store'
import { notify } from '@/lib/notify'

// Each action reports failure as a toast in plain words and returns whether it succeeded, so forms
// only decide what to show next (and keep what the user typed).

/** Where the confirmation link lands: /login finishes the PKCE exchange and moves on to /dashboard. */
export function confirmationRedirect(): string {
  return `${window.location.origin}/login`
}

export function notifyAuthError(error: unknown, email?: string): void {
  const notice = describeAuthError(error)
  notify({
    title: notice.title,
    variant: 'destructive',
    action:
      notice.offerResend && email
        ? { label: 'Resend e-mail', onClick: () => void resendConfirmation(email) }
        : undefined,
  })
}

async function attempt(run: () => Promise<{ error: unknown }>, email?: string): Promise<boolean> {
  try {
    const { error } = await run()
    if (!error) return true
    notifyAuthError(error, email)
  } catch (error) {
    // Only a failed chunk download or a bug gets here: supabase-js returns its errors.
    notifyAuthError(error, email)
  }
  return false
}

export async function signIn(email: string, password: string): Promise<boolean> {
  const address = email.trim()
  return attempt(async () => (await loadAuth()).signInWithPassword({ email: address, password }), address)
}

export async function signUp({ username, email, password }: SignUpInput): Promise<boolean> {
  const address = email.trim()
  return attempt(
    async () =>
      (await loadAuth()).signUp({
        email: address,
        password,
        // The profile trigger turns data.username into the nickname (SPEC §3).
        options: { data: { username: normaliseUsername(username) }, emailRedirectTo: confirmationRedirect() },
      }),
    address,
  )
}

export async function resendConfirmation(email: string): Promise<boolean> {
  const address = email.trim()
  const sent = await attempt(async () =>
    (await loadAuth()).resend({ type: 'signup', email: address, options: { emailRedirectTo: confirmationRedirect() } }),
  )
  if (sent) notify.success('Confirmation e-mail sent', `Check the inbox of ${address}.`)
  return sent
}

/** SPEC §4 logout: global sign-out; the local session is cleared even when the server can't be told. */
export async function signOutEverywhere(): Promise<void> {
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
