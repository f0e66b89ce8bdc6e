import { Mail } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { loadAuth, notifyAuthError } from '@/features/auth/client'
import { SectionCard } from '@/components/section-card'
import { emailError } from '@/features/auth/credentials'
import { FormField } from '@/components/form-field'
import { notify } from '@/lib/notify'

/** Where both links land: /login tells what happened (auth-landing.ts) and refreshes the session. */
export function emailChangeRedirect(): string {
  return `${window.location.origin}/login?change=email`
}

// Auth's secure email change sends a link to the old and the new address; both must be followed.
export function EmailChange({ email }: { email: string }) {
  const [next, setNext] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = emailError(next)
    setError(problem)
    if (problem) return
    setBusy(true)
    const { error } = await (await loadAuth()).updateUser({ email: next.trim() }, { emailRedirectTo: emailChangeRedirect() })
    setBusy(false)
    if (error) return notifyAuthError(error)
    notify.info('Check both inboxes', `Confirm the change from the mails sent to ${email} and ${next.trim()}.`)
    setNext('')
  }

  return (
    <SectionCard id="email-title" title="Email address" description={`You sign in with ${email}.`}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 sm:flex-row sm:items-end" aria-label="Change email">
        <div className="flex-1">
          <FormField label="New email" type="email" name="new-email" autoComplete="email" value={next} onChange={(event) => setNext(event.target.value)} error={error} />
        </div>
        <Button type="submit" variant="outline" disabled={busy || !next.trim()}>
          <Mail aria-hidden />
          Change email
        </Button>
      </form>
    </SectionCard>
  )
}
