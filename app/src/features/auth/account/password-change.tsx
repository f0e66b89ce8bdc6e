import { KeyRound, Send } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { loadAuth, notifyAuthError } from '@/features/auth/client'
import { SectionCard } from '@/components/section-card'
import { FormField } from '@/components/form-field'
import { NewPasswordField, PASSWORD_POLICY, passwordError } from '@/features/auth/credentials'
import { notify } from '@/lib/notify'

const errorCode = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined)

// Secure password change: Auth takes a new password directly while the sign-in is recent (its
// rule: under 24 hours), and otherwise answers reauthentication_needed; then reauthenticate()
// mails a code and updateUser({ password, nonce }) spends it. The typed password is kept throughout.
export function PasswordChange({ email }: { email: string }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [codeSent, setCodeSent] = useState(false)
  const [nonce, setNonce] = useState('')
  const [busy, setBusy] = useState(false)

  const sendCode = async () => {
    const { error: failed } = await (await loadAuth()).reauthenticate()
    if (failed) return notifyAuthError(failed)
    setCodeSent(true)
    notify.info('Confirm it’s you', `We emailed a code to ${email}. Enter it to change your password.`)
  }

  const change = async () => {
    const auth = await loadAuth()
    const { error: failed } = await auth.updateUser(codeSent ? { password, nonce: nonce.trim() } : { password })
    if (errorCode(failed) === 'reauthentication_needed') return sendCode()
    if (failed) return notifyAuthError(failed)
    setCodeSent(false)
    setNonce('')
    setPassword('')
    notify.success('Password changed')
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = passwordError(PASSWORD_POLICY, password)
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      await change()
    } catch (failed) {
      notifyAuthError(failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <SectionCard id="password-title" title="Password" description="Choose a new password. If you signed in a while ago, we email you a code first.">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label="Change password">
        <NewPasswordField label="New password" name="new-password" value={password} onChange={(event) => setPassword(event.target.value)} error={error} />
        {codeSent && (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex-1">
              <FormField label="Code from the email" name="nonce" autoComplete="one-time-code" inputMode="numeric" value={nonce} onChange={(event) => setNonce(event.target.value)} />
            </div>
            <Button type="button" variant="ghost" disabled={busy} onClick={() => void sendCode()}>
              <Send aria-hidden />
              Send a new code
            </Button>
          </div>
        )}
        <div>
          <Button type="submit" disabled={busy || !password || (codeSent && !nonce.trim())}>
            <KeyRound aria-hidden />
            Change password
          </Button>
        </div>
      </form>
    </SectionCard>
  )
}
