import { LogIn } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { Card, CardContent } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { finishAuthLanding, isAuthLanding } from '@/features/auth/auth-landing'
import { CheckEmail } from '@/features/auth/check-email'
import { SignInForm } from '@/features/auth/sign-in-form'
import { SignUpForm } from '@/features/auth/sign-up-form'
import { useSession } from '@/features/auth/use-session'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

type Tab = 'sign-in' | 'sign-up'

/** Follows an Auth link's return (?code= or #error=) through to its outcome, then tidies the URL. */
function useAuthLanding(): boolean {
  const location = useLocation()
  const navigate = useNavigate()
  const [pending, setPending] = useState(() => isAuthLanding(location))

  useEffect(() => {
    let active = true
    void finishAuthLanding(location).then((outcome) => {
      if (!active || outcome === 'none') return
      setPending(false)
      navigate(outcome === 'signed-in' ? '/dashboard' : '/login', { replace: true })
    })
    return () => {
      active = false
    }
    // Only the address the page was opened with can carry a landing.
  }, [])
  return pending
}

export default function LoginPage() {
  usePageMetadata({ title: 'Sign in', description: 'Sign in to your toolkit account.', path: '/login', noindex: true })
  const session = useSession()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const [tab, setTab] = useState<Tab>(searchParams.get('tab') === 'sign-up' ? 'sign-up' : 'sign-in')
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const landingPending = useAuthLanding()

  // SPEC §2: /login sends a signed-in visitor on to the dashboard.
  if (session.status === 'signed-in') return <Navigate to="/dashboard" replace />

  return (
    <PageContainer className="max-w-md">
      <PageHeader
        title="Sign in"
        icon={LogIn}
        description="Keep your short links and pastes in one place, and use the tools that need an account."
      />
      <Card variant="glass">
        <CardContent className="pt-5 sm:pt-6">
          {landingPending ? (
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
          ) : (
            <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
              <TabsList className="mb-3 grid w-full grid-cols-2">
                <TabsTrigger value="sign-in">Sign in</TabsTrigger>
                <TabsTrigger value="sign-up">Create account</TabsTrigger>
              </TabsList>
              <TabsContent value="sign-in">
                <SignInForm email={email} onEmailChange={setEmail} onSignedIn={() => navigate('/dashboard', { replace: true })} />
              </TabsContent>
              <TabsContent value="sign-up">
                <SignUpForm email={email} onEmailChange={setEmail} onSignedUp={setSentTo} />
              </TabsContent>
            </Tabs>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  )
}
