import { UserPlus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { signUp } from '@/features/auth/sign-in/sign-in-actions'
import { type FieldErrors, hasErrors, NewPasswordField, type SignUpInput, validateSignUp } from '@/features/auth/credentials'
import { FormField } from '@/components/form-field'

interface SignUpFormProps {
  email: string
  onEmailChange: (email: string) => void
  /** Called with the address the confirmation mail went to. */
  onSignedUp: (email: string) => void
}

export function SignUpForm({ email, onEmailChange, onSignedUp }: SignUpFormProps) {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors<SignUpInput>>({})
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const input = { username, email, password }
    const found = validateSignUp(input)
    setErrors(found)
    if (hasErrors(found)) return
    setBusy(true)
    const ok = await signUp(input)
    setBusy(false)
    if (ok) onSignedUp(email.trim())
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-label="Create account">
      <FormField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        hint="Your nickname on the site: 3–32 letters, digits or underscores."
        error={errors.username}
      />
      <FormField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        hint="We’ll send a link to confirm it."
        error={errors.email}
      />
      <NewPasswordField label="Password" name="new-password" value={password} onChange={(event) => setPassword(event.target.value)} error={errors.password} />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <UserPlus aria-hidden />
        {busy ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  )
}
