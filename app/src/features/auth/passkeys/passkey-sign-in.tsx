import { KeyRound } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { loadAuth } from '@/features/auth/client'
import { autofillAvailable, browserSupportsPasskeys, passkeysEnabled } from '@/features/auth/passkeys/passkey-availability'
import { passkeyAutofill } from '@/features/auth/passkeys/passkey-autofill'
import { notifyPasskeyError } from '@/features/auth/passkeys/passkey-errors'
import { useLatest } from '@/lib/use-latest'

/**
 * "Sign in with a passkey" under the password form, and the passkey autofill of its email field
 * where the browser offers one. Shown only when the browser and Auth both support passkeys; a
 * failure is a toast and the password form stays as it was.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [offered, setOffered] = useState(false)
  const [busy, setBusy] = useState(false)
  const autofill = useRef<AbortController | null>(null)
  // The latest callback, for the autofill that may answer long after this render.
  const signedIn = useLatest(onSignedIn)

  useEffect(() => {
    let active = true
    const startAutofill = async () => {
      if (!(await autofillAvailable()) || !active) return
      const controller = new AbortController()
      autofill.current = controller
      const outcome = await passkeyAutofill(controller.signal)
      if (!active || 'quiet' in outcome) return
      if ('error' in outcome) notifyPasskeyError(outcome.error, 'sign-in')
      else signedIn.current()
    }
    void (async () => {
      if (!browserSupportsPasskeys() || !(await passkeysEnabled()) || !active) return
      setOffered(true)
      await startAutofill()
    })()
    return () => {
      active = false
      autofill.current?.abort()
    }
  }, [signedIn])

  if (!offered) return null

  const signIn = async () => {
    autofill.current?.abort() // one WebAuthn request at a time: the button's replaces the autofill's
    setBusy(true)
    const { error } = await (await loadAuth()).signInWithPasskey()
    setBusy(false)
    if (error) notifyPasskeyError(error, 'sign-in')
    else onSignedIn()
  }

  return (
    <div className="mt-4 flex flex-col gap-3">
      <p className="flex items-center gap-3 text-xs text-muted-foreground uppercase before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
        or
      </p>
      <Button type="button" variant="outline" size="lg" className="w-full" disabled={busy} onClick={() => void signIn()}>
        <KeyRound aria-hidden />
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
    </div>
  )
}
