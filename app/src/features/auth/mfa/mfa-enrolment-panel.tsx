import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { Enrolment } from '@/features/auth/mfa/enrolment-store'
import { LostDeviceNote } from '@/features/auth/mfa/lost-device-note'
import { MfaCodeForm } from '@/features/auth/mfa/mfa-code-form'

/** The QR code, the secret and the code field of an enrolment under way, with a way out. */
export function MfaEnrolmentPanel({ enrolment, issuer, onVerified, onCancel }: { enrolment: Enrolment; issuer: string; onVerified: () => void; onCancel: () => void }) {
  return (
    <div className="flex flex-col gap-4 rounded-lg border p-4" role="group" aria-labelledby="mfa-setup-title">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id="mfa-setup-title" className="font-medium">
            Set up your authenticator app
          </h3>
          <p className="text-sm text-muted-foreground">
            Scan the code with your authenticator app, or type the secret, then enter the 6-digit code it shows. The app lists it as “{issuer}”.
          </p>
        </div>
      </div>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        {/* Auth hands the QR code over as an SVG data URL; a white tile keeps it scannable in dark mode. */}
        <img src={enrolment.qrCode} alt="QR code for your authenticator app" className="size-44 rounded-md bg-white p-2" />
        <p className="min-w-0 text-sm">
          Secret key
          <code className="mt-1 block rounded bg-muted px-2 py-1 font-mono text-sm break-all" data-testid="totp-secret">
            {enrolment.secret}
          </code>
        </p>
      </div>
      <MfaCodeForm factorId={enrolment.id} label="Code from the app" submitLabel="Turn on" onVerified={onVerified} />
      <LostDeviceNote />
      <Button variant="ghost" className="self-start" onClick={onCancel}>
        <X aria-hidden />
        Cancel setup
      </Button>
    </div>
  )
}
