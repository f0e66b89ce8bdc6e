import { ShieldCheck } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { loadAuth, notifyAuthError } from '@/features/auth/client'
import { FormField } from '@/components/form-field'

/** A 6-digit authenticator code for a factor: challenge and verify in one step (→ aal2). */
export function MfaCodeForm({ factorId, label, submitLabel, onVerified }: { factorId: string; label: string; submitLabel: string; onVerified: () => void }) {
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    const { error } = await (await loadAuth()).mfa.challengeAndVerify({ factorId, code: code.trim() })
    setBusy(false)
    if (error) return notifyAuthError(error)
    setCode('')
    onVerified()
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 sm:flex-row sm:items-end" aria-label={submitLabel}>
      <div className="flex-1">
        <FormField
          label={label}
          name="totp"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
      </div>
      <Button type="submit" disabled={busy || code.length !== 6}>
        <ShieldCheck aria-hidden />
        {submitLabel}
      </Button>
    </form>
  )
}
