import { Send } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { loadAuth, notifyAuthError } from '@/features/auth/client'
import { emailError } from '@/features/auth/credentials'
import { FormField } from '@/components/form-field'

/** Where the reset mail's link lands: /login exchanges the PKCE code and asks for the new password. */
export function recoveryRedirect(): string {
  return `${window.location.origin}/login?reset=1`
}

export function ForgotPasswordForm({ email, onEmailChange, onSent, onBack }: { email: string; onEmailChange: (email: string) => void; onSent: (email: string) => void; onBack: () => void }) {
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = emailError(email)
    setError(problem)
    if (problem) return
    setBusy(true)
    // POST /recover with a PKCE challenge (SPEC §7); supabase-js keeps the verifier for the landing.
    const { error: failed } = await (await loadAuth()).resetPasswordForEmail(email.trim(), { redirectTo: recoveryRedirect() })
    setBusy(false)
    if (failed) return notifyAuthError(failed)
    onSent(email.trim())
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-label="Reset password">
      <p className="text-sm text-muted-foreground">We’ll email you a link to choose a new password.</p>
      <FormField label="Email" type="email" name="email" autoComplete="username" value={email} onChange={(event) => onEmailChange(event.target.value)} error={error} />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <Send aria-hidden />
        Send reset link
      </Button>
      <Button type="button" variant="link" onClick={onBack} className="self-center">
        Back to sign in
      </Button>
    </form>
  )
}
