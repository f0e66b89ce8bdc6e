import { LogIn } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { signIn } from '@/features/auth/sign-in/sign-in-actions'
import { type FieldErrors, hasErrors, PasswordField, validateSignIn } from '@/features/auth/credentials'
import { FormField } from '@/components/form-field'

interface SignInFormProps {
  email: string
  onEmailChange: (email: string) => void
  onSignedIn: () => void
}

export function SignInForm({ email, onEmailChange, onSignedIn }: SignInFormProps) {
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors<{ email: string; password: string }>>({})
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validateSignIn({ email, password })
    setErrors(found)
    if (hasErrors(found)) return
    setBusy(true)
    const ok = await signIn(email, password)
    setBusy(false)
    // On failure the toast explains; both fields keep their values so one typo is one fix.
    if (ok) onSignedIn()
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-label="Sign in">
      <FormField
        label="Email"
        type="email"
        name="email"
        // "webauthn": the browser may offer the user's passkeys here (auth/passkeys, passkey autofill).
        autoComplete="username webauthn"
        inputMode="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={errors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <LogIn aria-hidden />
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  )
}
