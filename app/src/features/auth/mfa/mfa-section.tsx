import type { Factor } from '@supabase/supabase-js'
import { ShieldPlus, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { SectionCard } from '@/components/section-card'
import { appName } from '@/config'
import { loadAuth, notifyAuthError } from '@/features/auth/client'
import { keepEnrolment, keptEnrolment, type Enrolment } from '@/features/auth/mfa/enrolment-store'
import { LostDeviceNote } from '@/features/auth/mfa/lost-device-note'
import { MfaEnrolmentPanel } from '@/features/auth/mfa/mfa-enrolment-panel'
import { notify } from '@/lib/notify'

/** The account's TOTP factors and the enrolment this browser kept, if Auth still holds it unverified. */
async function readTotp(userId: string): Promise<{ factors: Factor[]; resumable: Enrolment | null } | null> {
  const { data, error } = await (await loadAuth()).mfa.listFactors()
  if (error) {
    notifyAuthError(error)
    return null
  }
  const factors = data.all.filter((factor) => factor.factor_type === 'totp')
  // A reload mid-setup resumes the same factor, while Auth still holds it unverified.
  const kept = keptEnrolment(userId)
  const resumable = kept && factors.some((factor) => factor.id === kept.id && factor.status === 'unverified') ? kept : null
  if (kept && !resumable) keepEnrolment(null)
  return { factors, resumable }
}

export function MfaSection({ userId }: { userId: string }) {
  const [factors, setFactors] = useState<Factor[] | null>(null)
  const [enrolment, setEnrolmentState] = useState<Enrolment | null>(null)
  const setEnrolment = (next: Enrolment | null) => {
    keepEnrolment(next)
    setEnrolmentState(next)
  }

  // The state is set in the promise's callback, once Auth has answered (never synchronously in the effect).
  const reload = useCallback(
    () =>
      readTotp(userId).then((read) => {
        if (!read) return
        setFactors(read.factors)
        setEnrolmentState(read.resumable)
      }),
    [userId],
  )

  useEffect(() => {
    void reload()
  }, [reload])

  const enrol = async () => {
    const auth = await loadAuth()
    // An enrolment left unverified in another tab would clash on the friendly name: start over.
    for (const factor of factors ?? []) if (factor.status === 'unverified') await auth.mfa.unenroll({ factorId: factor.id })
    // The issuer is the name the authenticator app shows beside the codes: the site's, not its host.
    const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: `Authenticator ${Date.now().toString(36)}`, issuer: appName })
    if (error) return notifyAuthError(error)
    setEnrolment({ userId, id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret })
  }

  const cancel = async (current: Enrolment) => {
    setEnrolment(null)
    const { error } = await (await loadAuth()).mfa.unenroll({ factorId: current.id })
    if (error) notifyAuthError(error)
    else notify.info('Setup cancelled', 'Nothing changed: you still sign in with your password alone.')
    await reload()
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
      {verified.length > 0 && <LostDeviceNote />}
      {enrolment ? (
        <MfaEnrolmentPanel
          enrolment={enrolment}
          issuer={appName}
          onCancel={() => void cancel(enrolment)}
          onVerified={() => {
            setEnrolment(null)
            notify.success('Two-step verification is on')
            void reload()
          }}
        />
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
