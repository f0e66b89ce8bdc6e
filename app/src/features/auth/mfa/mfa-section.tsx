import type { Factor } from '@supabase/supabase-js'
import { ShieldPlus, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { SectionCard } from '@/components/section-card'
import { loadAuth, notifyAuthError } from '@/features/auth/client'
import { MfaCodeForm } from '@/features/auth/mfa/mfa-code-form'
import { notify } from '@/lib/notify'

interface Enrolment {
  id: string
  qrCode: string
  secret: string
}

export function MfaSection() {
  const [factors, setFactors] = useState<Factor[] | null>(null)
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)

  const reload = useCallback(async () => {
    const { data, error } = await (await loadAuth()).mfa.listFactors()
    if (error) return notifyAuthError(error)
    setFactors(data.all.filter((factor) => factor.factor_type === 'totp'))
  }, [])

  useEffect(() => {
    void reload()
  }, [reload])

  const enrol = async () => {
    const auth = await loadAuth()
    // An enrolment left unverified earlier would clash on the friendly name: start over.
    for (const factor of factors ?? []) if (factor.status === 'unverified') await auth.mfa.unenroll({ factorId: factor.id })
    const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: `Authenticator ${Date.now().toString(36)}` })
    if (error) return notifyAuthError(error)
    setEnrolment({ id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret })
  }

  const unenrol = async (factor: Factor) => {
    const { error } = await (await loadAuth()).mfa.unenroll({ factorId: factor.id })
    if (error) return notifyAuthError(error)
    notify.success('Authenticator removed')
    await reload()
  }

  const verified = factors?.filter((factor) => factor.status === 'verified') ?? []
  return (
    <SectionCard id="mfa-title" title="Two-step verification" description="Ask for a code from an authenticator app when you sign in.">
      {factors === null ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Authenticator apps">
          {verified.length === 0 && <li className="text-sm text-muted-foreground">No authenticator app yet.</li>}
          {verified.map((factor) => (
            <li key={factor.id} className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2">
              <span className="flex items-center gap-2 text-sm">
                Authenticator app <Badge variant="secondary">Active</Badge>
              </span>
              <Button variant="ghost" size="sm" onClick={() => void unenrol(factor)}>
                <Trash2 aria-hidden />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {enrolment ? (
        <div className="flex flex-col gap-4 rounded-lg border p-4">
          <p className="text-sm">Scan the code with your authenticator app, or type the secret, then enter the 6-digit code it shows.</p>
          <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
            {/* Auth hands the QR code over as an SVG data URL; a white tile keeps it scannable in dark mode. */}
            <img src={enrolment.qrCode} alt="QR code for your authenticator app" className="size-44 rounded-md bg-white p-2" />
            <p className="text-sm">
              Secret
              <code className="mt-1 block rounded bg-muted px-2 py-1 font-mono text-sm break-all" data-testid="totp-secret">
                {enrolment.secret}
              </code>
            </p>
          </div>
          <MfaCodeForm
            factorId={enrolment.id}
            label="Code from the app"
            submitLabel="Turn on"
            onVerified={() => {
              setEnrolment(null)
              notify.success('Two-step verification is on')
              void reload()
            }}
          />
        </div>
      ) : (
        verified.length === 0 && (
          <div>
            <Button variant="outline" onClick={() => void enrol()} disabled={factors === null}>
              <ShieldPlus aria-hidden />
              Add an authenticator app
            </Button>
          </div>
        )
      )}
    </SectionCard>
  )
}
