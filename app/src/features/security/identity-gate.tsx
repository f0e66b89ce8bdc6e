import { KeyRound } from 'lucide-react'
import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { PageContainer } from '@/components/page-container'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import {
  CONFIRM_IDENTITY_MESSAGE,
  confirmIdentity,
  isIdentityRecentlyConfirmed,
  WrongPasswordError,
} from '@/features/security/identity-confirmation'
import { useSecurityLevel } from '@/features/security/security-level'
import { useAccessToken } from '@/lib/api/use-access-token'
import { tokenUser } from '@/lib/token-user'
import { notify } from '@/lib/notify'
import { userMessageFor } from '@/lib/unexpected-error'

type GateState = 'checking' | 'confirm' | 'open'

/** SPEC §5: at 'maximum' the page behind this gate needs the password confirmed in the last 5 minutes. */
export function IdentityGate({ children }: { children: ReactNode }) {
  const level = useSecurityLevel()
  const user = tokenUser(useAccessToken())
  const userId = user?.id
  const [state, setState] = useState<GateState>('checking')

  useEffect(() => {
    if (level !== 'maximum' || !userId) return
    let current = true
    void isIdentityRecentlyConfirmed(userId).then((confirmed) => {
      if (!current) return
      setState(confirmed ? 'open' : 'confirm')
      if (!confirmed) notify.warning(CONFIRM_IDENTITY_MESSAGE)
    })
    return () => {
      current = false
    }
  }, [level, userId])

  if (level !== 'maximum' || state === 'open') return children
  if (state === 'checking' || !user) {
    return (
      <PageContainer>
        <p role="status" className="py-16 text-center text-sm text-muted-foreground">
          Loading...
        </p>
      </PageContainer>
    )
  }
  return <ConfirmIdentityForm email={user.email} userId={user.id} onConfirmed={() => setState('open')} />
}

function ConfirmIdentityForm({ email, userId, onConfirmed }: { email: string; userId: string; onConfirmed: () => void }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      await confirmIdentity(email, userId, password)
      onConfirmed()
    } catch (failure) {
      const message = failure instanceof WrongPasswordError ? failure.message : userMessageFor(failure)
      setError(message)
      notify.error(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <PageContainer narrow>
      <Card className="mx-auto max-w-md">
        <CardHeader>
          <h1 className="flex items-center gap-2 text-xl leading-none font-semibold tracking-tight">
            <KeyRound aria-hidden className="size-5" />
            Confirm your identity
          </h1>
          <CardDescription>{CONFIRM_IDENTITY_MESSAGE}. Your security level is maximum, so this page asks for your password every 5 minutes.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
            <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
            <div className="flex flex-col gap-2">
              <Label htmlFor="confirm-password">Password</Label>
              <Input
                id="confirm-password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'confirm-password-error' : undefined}
              />
              {error && (
                <p id="confirm-password-error" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
            <Button type="submit" disabled={busy || password === ''}>
              {busy ? 'Checking...' : 'Confirm'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </PageContainer>
  )
}
