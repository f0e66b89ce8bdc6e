import { KeyRound, Send } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { notifyAuthError } from '@/features/auth/auth-actions'
import { loadAuth } from '@/features/auth/auth-client'
import { AccountSection } from '@/features/auth/account/account-section'
import { FormField } from '@/features/auth/form-field'
import { PasswordField } from '@/features/auth/password-field'
import { notify } from '@/lib/notify'

// Auth requires a fresh reauthentication code for a password change (secure password change):
// reauthenticate() mails a code, updateUser({ password, nonce }) spends it.
export function PasswordChange({ email }: { email: string }) {
  const [codeSent, setCodeSent] = useState(false)
  const [nonce, setNonce] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)

  const sendCode = async () => {
    setBusy(true)
    const { error } = await (await loadAuth()).reauthenticate()
    setBusy(false)
    if (error) return notifyAuthError(error)
    setCodeSent(true)
    notify.info('Code sent', `Check the inbox of ${email}.`)
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    const { error } = await (await loadAuth()).updateUser({ password, nonce: nonce.trim() })
    setBusy(false)
    if (error) return notifyAuthError(error)
    setCodeSent(false)
    setNonce('')
    setPassword('')
    notify.success('Password changed')
  }

  return (
    <AccountSection id="password-title" title="Password" description="We e-mail you a code first, to be sure it’s you.">
      {!codeSent ? (
        <div>
          <Button variant="outline" onClick={() => void sendCode()} disabled={busy}>
            <Send aria-hidden />
            Send me a code
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="Change password">
          <FormField label="Code from the e-mail" name="nonce" autoComplete="one-time-code" inputMode="numeric" value={nonce} onChange={(event) => setNonce(event.target.value)} />
          <PasswordField label="New password" name="new-password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy || !nonce.trim() || !password}>
              <KeyRound aria-hidden />
              Change password
            </Button>
          </div>
        </form>
      )}
    </AccountSection>
  )
}
