import { KeyRound } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { loadAuth, notifyAuthError } from '@/features/auth/client'
import { NewPasswordField, PASSWORD_POLICY, passwordError } from '@/features/auth/credentials'
import { notify } from '@/lib/notify'

/** After a reset link: the recovery session is fresh, so Auth takes the new password without a code. */
export function NewPasswordForm({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = passwordError(PASSWORD_POLICY, password)
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
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-label="Choose a new password">
      <h2 className="text-lg font-semibold tracking-tight">Choose a new password</h2>
      <NewPasswordField label="New password" name="new-password" value={password} onChange={(event) => setPassword(event.target.value)} error={error} />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <KeyRound aria-hidden />
        Save new password
      </Button>
    </form>
  )
}
