import { KeyRound } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { notifyAuthError } from '@/features/auth/auth-actions'
import { loadAuth } from '@/features/auth/auth-client'
import { PASSWORD_MIN_LENGTH } from '@/features/auth/credentials'
import { PasswordField } from '@/features/auth/password-field'
import { notify } from '@/lib/notify'

/** After a reset link: the recovery session is fresh, so Auth takes the new password without a code. */
export function NewPasswordForm({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = password.length < PASSWORD_MIN_LENGTH ? `Use at least ${PASSWORD_MIN_LENGTH} characters` : undefined
    setError(problem)
    if (problem) return
    setBusy(true)
    const { error: failed } = await (await loadAuth()).updateUser({ password })
    setBusy(false)
    if (failed) return notifyAuthError(failed)
    notify.success('Password changed')
    onDone()
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label="Choose a new password">
      <h2 className="text-lg font-semibold tracking-tight">Choose a new password</h2>
      <PasswordField label="New password" name="new-password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} error={error} />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <KeyRound aria-hidden />
        Save new password
      </Button>
    </form>
  )
}
