import { ArrowLeft, MailCheck, RotateCw } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { resendConfirmation } from '@/features/auth/client'
import { CheckEmailCode } from '@/features/auth/sign-in/check-email-code'

interface CheckEmailProps {
  email: string
  onBack: () => void
}

/** After sign-up: the account waits for the link in the confirmation mail. */
export function CheckEmail({ email, onBack }: CheckEmailProps) {
  const [busy, setBusy] = useState(false)
  const resend = async () => {
    setBusy(true)
    await resendConfirmation(email)
    setBusy(false)
  }

  return (
    <section aria-labelledby="check-email-title" className="flex flex-col items-center gap-4 py-2 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailCheck className="size-7" aria-hidden />
      </span>
      <h2 id="check-email-title" className="text-xl font-semibold tracking-tight">
        Check your email
      </h2>
      <p className="text-sm text-muted-foreground" role="status">
        We sent a confirmation link to <strong className="font-semibold wrap-anywhere text-foreground">{email}</strong>. Open it in this browser
        to finish creating your account — you’ll be signed in straight away. Or type the 6-digit code from the same email here:
      </p>
      <CheckEmailCode email={email} />
      <p className="text-xs text-muted-foreground">No mail after a few minutes? Look in your spam folder, or send it again.</p>
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <Button variant="outline" onClick={() => void resend()} disabled={busy}>
          <RotateCw aria-hidden className={busy ? 'animate-spin' : undefined} />
          Resend email
        </Button>
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Back to sign in
        </Button>
      </div>
    </section>
  )
}
