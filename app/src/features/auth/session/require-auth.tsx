import { useState, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageContainer } from '@/components/page-container'
import { needsSecondFactor } from '@/features/auth/session/assurance'
import { loginAfterSignOut } from '@/features/auth/session/protected-paths'
import { useSession } from '@/features/auth/session/use-session'

/** Where /login sends a visitor back to after signing in. */
export function loginReturningTo(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`
}

/**
 * Protected pages (SPEC §2/§4): 'Loading...' while the session starts, /login for signed-out
 * visitors (who come back here after signing in), the page itself otherwise.
 */
/** What /login says the visitor came for; kept in the history entry, so it survives a reload of /login. */
export interface SignInReason {
  pageName: string
}

export function RequireAuth({ children, pageName }: { children: ReactNode; /** e.g. "Colour picker": /login names it. */ pageName?: string }) {
  const session = useSession()
  const location = useLocation()
  // Signing out here (SPEC §4) ends on /login?t=<timestamp>, not on a sign-in that comes back here.
  // Noted while rendering (React's "information from previous renders"), so the sign-out's render already knows.
  const [wasSignedIn, setWasSignedIn] = useState(session.status === 'signed-in')
  if (session.status === 'signed-in' && !wasSignedIn) setWasSignedIn(true)
  if (session.status === 'signed-out' && wasSignedIn) return <Navigate to={loginAfterSignOut()} replace />
  // A session still owing its authenticator code (aal1) counts as signed out here: /login asks for it.
  // The wait state stays on the page until /login's code has arrived (the router keeps this page meanwhile).
  if (session.status === 'signed-out' || (session.status === 'signed-in' && needsSecondFactor(session.session))) {
    return (
      <>
        <Navigate to={loginReturningTo(location.pathname + location.search)} state={pageName ? ({ pageName } satisfies SignInReason) : undefined} replace />
        <PageLoading />
      </>
    )
  }
  if (session.status === 'loading') return <PageLoading />
  return children
}

/**
 * A protected page's wait state, inside the layout: 'Loading...' (SPEC §2) while what decides it is not
 * known yet. A page placeholder: the footer is not drawn meanwhile (index.css), so it does not jump.
 */
export function PageLoading() {
  return (
    <PageContainer>
      <p role="status" data-page-placeholder className="flex items-center justify-center gap-3 py-16 text-sm text-muted-foreground">
        <span className="size-5 animate-spin rounded-full border-2 border-primary/25 border-t-primary" aria-hidden />
        Loading...
      </p>
    </PageContainer>
  )
}
