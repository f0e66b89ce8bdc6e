import { KeyRound } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { loadAuth, notifyAuthError } from '@/features/auth/client'
import { notify } from '@/lib/notify'

/**
 * The confirmation mail carries a 6-digit code beside its link: typed here, it confirms the account
 * in this very tab (POST /verify with the address and code), e.g. when the mail was read on a phone.
 * The session it starts is what moves /login on.
 */
export function CheckEmailCode({ email }: { email: string }) {
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    try {
      const { error } = await (await loadAuth()).verifyOtp({ email, token: code, type: 'signup' })
      // Auth's otp_expired speaks of a link; here it was a typed code. The code stays in the field.
      if ((error as { code?: string } | null)?.code === 'otp_expired') notify.error('That code is wrong or has expired', 'Check the newest email, or send it again for a new code.')
      else if (error) notifyAuthError(error, email)
    } catch (error) {
      notifyAuthError(error, email)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Confirm with the code" className="flex w-full flex-col gap-3 text-left sm:flex-row sm:items-end">
      <div className="flex-1">
        <FormField
          label="Code from the email"
          name="confirmation-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
      </div>
      <Button type="submit" disabled={busy || code.length !== 6}>
        <KeyRound aria-hidden />
        {busy ? 'Confirming…' : 'Confirm'}
      </Button>
    </form>
  )
}
