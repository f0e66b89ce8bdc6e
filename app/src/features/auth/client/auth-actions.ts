import { loadAuth } from '@/features/auth/client/auth-client'
import { describeAuthError } from '@/features/auth/client/auth-errors'
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
        ? { label: 'Resend email', onClick: () => void resendConfirmation(email) }
        : undefined,
  })
}

/** Runs one supabase-js Auth call; its error (or a failed chunk download) becomes a toast. */
export async function attemptAuth(run: () => Promise<{ error: unknown }>, email?: string): Promise<boolean> {
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

export async function resendConfirmation(email: string): Promise<boolean> {
  const address = email.trim()
  const sent = await attemptAuth(async () =>
    (await loadAuth()).resend({ type: 'signup', email: address, options: { emailRedirectTo: confirmationRedirect() } }),
  )
  if (sent) notify.success('Confirmation email sent', `Check the inbox of ${address}.`)
  return sent
}
