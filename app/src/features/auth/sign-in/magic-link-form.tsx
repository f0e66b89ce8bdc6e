import { Send } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { loadAuth, notifyAuthError } from '@/features/auth/client'
import { emailError } from '@/features/auth/credentials'
import { FormField } from '@/components/form-field'

/** Where the sign-in link lands: /login exchanges the PKCE code, then goes on to the dashboard. */
export function magicLinkRedirect(): string {
  return `${window.location.origin}/login?link=1`
}

interface MagicLinkFormProps {
  email: string
  onEmailChange: (email: string) => void
  onSent: (email: string) => void
  onBack: () => void
}

/** Sign-in without a password: POST /otp with a PKCE challenge mails a one-time link. */
export function MagicLinkForm({ email, onEmailChange, onSent, onBack }: MagicLinkFormProps) {
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = emailError(email)
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      // Existing accounts only: a new one is made on the sign-up tab, where the username is chosen.
      const { error: failed } = await (await loadAuth()).signInWithOtp({
        email: email.trim(),
        options: { shouldCreateUser: false, emailRedirectTo: magicLinkRedirect() },
      })
      if (failed) return notifyAuthError(failed)
      onSent(email.trim())
    } catch (failed) {
      notifyAuthError(failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-label="Sign in with a link">
      <p className="text-sm text-muted-foreground">We’ll email you a link that signs you in — no password needed.</p>
      <FormField label="Email" type="email" name="email" autoComplete="username" inputMode="email" value={email} onChange={(event) => onEmailChange(event.target.value)} error={error} />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <Send aria-hidden />
        {busy ? 'Sending…' : 'Send sign-in link'}
      </Button>
      <Button type="button" variant="link" onClick={onBack} className="self-center">
        Sign in with a password
      </Button>
    </form>
  )
}
