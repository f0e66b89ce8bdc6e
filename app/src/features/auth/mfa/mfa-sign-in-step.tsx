import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { signOutEverywhere } from '@/features/auth/session'
import { loadAuth } from '@/features/auth/client'
import { MfaCodeForm } from '@/features/auth/mfa/mfa-code-form'

/** /login's second step when the account has a verified authenticator (aal1 → aal2). */
export function MfaSignInStep({ onVerified, onCancelled }: { onVerified: () => void; onCancelled: () => void }) {
  const [factorId, setFactorId] = useState<string | null>(null)

  useEffect(() => {
    void loadAuth()
      .then((auth) => auth.mfa.listFactors())
      .then(({ data }) => setFactorId(data?.totp[0]?.id ?? null))
  }, [])

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold tracking-tight">Two-step verification</h2>
        <p className="text-sm text-muted-foreground">Enter the 6-digit code from your authenticator app.</p>
      </div>
      {factorId ? <MfaCodeForm factorId={factorId} label="Authentication code" submitLabel="Verify" onVerified={onVerified} /> : <p className="text-sm text-muted-foreground">Loading...</p>}
      <Button
        variant="link"
        className="self-start px-0"
        onClick={() => void signOutEverywhere().then(onCancelled)}
      >
        Use another account
      </Button>
    </div>
  )
}
