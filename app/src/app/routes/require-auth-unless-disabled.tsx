import type { ReactNode } from 'react'
import { needsSecondFactor, PageLoading, RequireAuth, useSession } from '@/features/auth/session'
import { useDisabledPagesAnswered, usePageState } from '@/features/disabled-pages/disabled-pages-store'
import type { PageKey } from '@/lib/page-keys'

interface Props {
  pageKey?: PageKey
  /** How /login names the page. */
  pageName: string
  /** The page's 'Page Disabled' notice, for a visitor who is not signed in. */
  disabledNotice: ReactNode
  children: ReactNode
}

/**
 * A page that needs an account (SPEC §4) and that the admin can switch off (SPEC §3): switched off,
 * its notice wins over the sign-in wall, so a signed-out visitor learns at once that the page is
 * unavailable instead of signing in for nothing. Signed in, the page's own gate decides (the notice
 * for others, the page for admins).
 */
export function RequireAuthUnlessDisabled({ pageKey, ...props }: Props) {
  if (!pageKey) return <RequireAuth pageName={props.pageName}>{props.children}</RequireAuth>
  return <SwitchablePage pageKey={pageKey} {...props} />
}

function SwitchablePage({ pageKey, pageName, disabledNotice, children }: Props & { pageKey: PageKey }) {
  const session = useSession()
  const disabled = usePageState(pageKey)?.isDisabled === true
  const signedOut = session.status === 'signed-out' || (session.status === 'signed-in' && needsSecondFactor(session.session))
  const answered = useDisabledPagesAnswered()
  if (disabled && signedOut) return disabledNotice
  // Not yet known to be on: sent to /login now, the visitor would sign in for a page that may be off.
  if (signedOut && !answered) return <PageLoading />
  return <RequireAuth pageName={pageName}>{children}</RequireAuth>
}
