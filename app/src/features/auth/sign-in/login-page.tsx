import { Info, LogIn, UserPlus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { finishAuthLanding, isAuthLanding } from '@/features/auth/sign-in/auth-landing'
import { needsSecondFactor, safeReturnPath, startSessionStore, useSession, type SignInReason } from '@/features/auth/session'
import { loadAuth } from '@/features/auth/client'
import { CheckEmail } from '@/features/auth/sign-in/check-email'
import { MagicLinkForm } from '@/features/auth/sign-in/magic-link-form'
import { ForgotPasswordForm, NewPasswordForm } from '@/features/auth/recovery'
import { MfaSignInStep } from '@/features/auth/mfa'
import { PasskeySignIn } from '@/features/auth/passkeys'
import { SignInForm } from '@/features/auth/sign-in/sign-in-form'
import { SignUpForm } from '@/features/auth/sign-in/sign-up-form'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'
import { useLatest } from '@/lib/use-latest'

type Tab = 'sign-in' | 'sign-up'
/** The password tabs, or one of the mail-a-link forms shown in their place. */
type Panel = 'tabs' | 'forgot' | 'magic-link'

// ?reset=1 marks the return from a password-reset mail (recovery/forgot-password-form.tsx).
const isRecovery = (search: string) => new URLSearchParams(search).get('reset') === '1'

/** Follows an Auth link's return (?code= or #error=) through to its outcome, then tidies the URL. */
function useAuthLanding(): boolean {
  const location = useLocation()
  const navigate = useLatest(useNavigate())
  // Only the address the page was opened with can carry a landing.
  const [opened] = useState(location)
  const [pending, setPending] = useState(() => isAuthLanding(opened))

  useEffect(() => {
    let active = true
    void finishAuthLanding(opened).then(async (outcome) => {
      if (!active || outcome === 'none') return
      const signedIn = outcome === 'signed-in'
      // The session store follows supabase-js once started (after the first paint for a visitor who
      // arrived signed out): the page opened next must already see the session the link brought.
      if (signedIn) await startSessionStore()
      if (!active) return
      setPending(false)
      void navigate.current(signedIn && isRecovery(opened.search) ? '/login?reset=1' : signedIn ? '/dashboard' : '/login', { replace: true })
    })
    return () => {
      active = false
    }
  }, [opened, navigate])
  return pending
}

/** Why the visitor is here and where sign-in takes them: a protected page sent them (require-auth.tsx). */
function ReturnNote({ next, pageName }: { next: string; pageName?: string }) {
  return (
    <p role="note" className="mb-4 flex gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
      <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <span>
        {pageName ? <strong className="font-semibold">{pageName}</strong> : <code className="font-mono wrap-anywhere">{next}</code>} needs an account. Sign in or
        create one, and you’ll go straight back to {pageName ? <code className="font-mono wrap-anywhere">{next}</code> : 'it'}.
      </span>
    </p>
  )
}

export default function LoginPage() {
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const [searchParams, setSearchParams] = useSearchParams()
  // The tab is part of the address: the heading and the browser tab say the same, and Back or a reload keeps it.
  const tab: Tab = searchParams.get('tab') === 'sign-up' ? 'sign-up' : 'sign-in'
  const entryState: unknown = location.state // react-router types a history entry's state as `any`
  const setTab = (next: Tab) =>
    setSearchParams(
      (params: URLSearchParams) => {
        if (next === 'sign-up') params.set('tab', 'sign-up')
        else params.delete('tab')
        return params
      },
      { replace: true, state: entryState },
    )
  const title = tab === 'sign-up' ? 'Create account' : 'Sign in'
  // Indexable: the tools that need an account (SPEC §4) send visitors here, so it is their landing page too.
  usePageMetadata({ title, description: 'Sign in to your toolkit account.', path: '/login' })
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [panel, setPanel] = useState<Panel>('tabs')
  const [linkSent, setLinkSent] = useState<{ kind: 'reset' | 'sign-in'; to: string } | null>(null)
  const landingPending = useAuthLanding()
  // A protected page sent the visitor here (require-auth.tsx); sign-in returns there.
  const returnPath = safeReturnPath(searchParams.get('next'))
  const destination = returnPath ?? '/dashboard'
  const reason = (location.state as Partial<SignInReason> | null)?.pageName

  // A password alone is aal1; an account with a verified authenticator owes its code first.
  const [codeOwed, setCodeOwed] = useState(false)
  const mfaStep = codeOwed || (session.status === 'signed-in' && needsSecondFactor(session.session))

  const recovering = session.status === 'signed-in' && isRecovery(searchParams.toString())

  // SPEC §2: /login sends a signed-in visitor on to the dashboard — once an Auth link's landing is
  // told, since its own navigation would otherwise cancel this one and leave an empty page.
  if (session.status === 'signed-in' && !mfaStep && !recovering && !landingPending) return <Navigate to={destination} replace />

  // After a password (or a passkey, which owes no code: session/assurance.ts).
  const afterSignIn = async () => {
    await startSessionStore() // as for a link's landing: the next page sees the new session
    const { data } = await (await loadAuth()).getSession()
    if (data.session && needsSecondFactor(data.session)) setCodeOwed(true)
    else void navigate(destination, { replace: true })
  }

  return (
    <PageContainer className="max-w-md">
      <PageHeader
        title={title}
        icon={tab === 'sign-up' ? UserPlus : LogIn}
        description="Keep your short links and pastes in one place, and use the tools that need an account."
      />
      {returnPath && <ReturnNote next={returnPath} pageName={typeof reason === 'string' ? reason : undefined} />}
      <Card variant="glass">
        <CardContent className="pt-5 sm:pt-6">
          {recovering && !landingPending ? (
            <NewPasswordForm onDone={() => void navigate('/dashboard', { replace: true })} />
          ) : mfaStep && !landingPending ? (
            <MfaSignInStep onVerified={() => void navigate(destination, { replace: true })} onCancelled={() => setCodeOwed(false)} />
          ) : landingPending ? (
            <p role="status" className="flex items-center justify-center gap-3 py-8 text-sm text-muted-foreground">
              <span className="size-5 animate-spin rounded-full border-2 border-primary/25 border-t-primary" aria-hidden />
              Finishing sign-in…
            </p>
          ) : sentTo ? (
            <CheckEmail
              email={sentTo}
              onBack={() => {
                setSentTo(null)
                setTab('sign-in')
              }}
            />
          ) : linkSent ? (
            <p role="status" className="py-4 text-sm">
              {linkSent.kind === 'reset' ? 'If an account uses ' : 'A sign-in link is on its way to '}
              <strong className="wrap-anywhere">{linkSent.to}</strong>
              {linkSent.kind === 'reset' ? ', a link to choose a new password is on its way.' : '. Open it in this browser to sign in.'}
            </p>
          ) : panel === 'forgot' ? (
            <ForgotPasswordForm email={email} onEmailChange={setEmail} onSent={(to) => setLinkSent({ kind: 'reset', to })} onBack={() => setPanel('tabs')} />
          ) : panel === 'magic-link' ? (
            <MagicLinkForm email={email} onEmailChange={setEmail} onSent={(to) => setLinkSent({ kind: 'sign-in', to })} onBack={() => setPanel('tabs')} />
          ) : (
            <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
              <TabsList className="mb-3 grid w-full grid-cols-2">
                <TabsTrigger value="sign-in">Sign in</TabsTrigger>
                <TabsTrigger value="sign-up">Create account</TabsTrigger>
              </TabsList>
              {/* tabIndex -1: the panels hold form fields, so Tab goes from the tab straight to the first one
                  (Radix makes a panel a tab stop of its own, for panels with nothing focusable). */}
              <TabsContent value="sign-in" tabIndex={-1}>
                <SignInForm email={email} onEmailChange={setEmail} onSignedIn={() => void afterSignIn()} />
                <div className="mt-2 flex flex-col items-center sm:flex-row sm:justify-center">
                  <Button variant="link" onClick={() => setPanel('forgot')}>
                    Forgot password?
                  </Button>
                  <Button variant="link" onClick={() => setPanel('magic-link')}>
                    Email me a sign-in link
                  </Button>
                </div>
                <PasskeySignIn onSignedIn={() => void afterSignIn()} />
              </TabsContent>
              <TabsContent value="sign-up" tabIndex={-1}>
                <SignUpForm email={email} onEmailChange={setEmail} onSignedUp={setSentTo} />
              </TabsContent>
            </Tabs>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  )
}
