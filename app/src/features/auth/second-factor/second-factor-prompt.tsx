import { lazy, Suspense, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { tokenAssuranceLevel } from '@/lib/token-claims'
import { getAccessToken, subscribeAccessToken } from '@/lib/api/access-token'
import { setSecondFactorHandler } from '@/lib/second-factor'

// Loaded only when a call needs it: the step pulls in the Auth client.
const SecondFactorDialog = lazy(() => import('@/features/auth/second-factor/second-factor-dialog'))

type Settle = (token: string | null) => void

/**
 * When the BFF answers `mfa_required` (lib/second-factor.ts), the second step opens here instead of
 * an error, and the refused calls are sent again once the session's token is aal2. On /login the
 * page's own step is already on screen: the calls wait for it. Given up (closed, or another
 * account chosen), the calls fail as they came.
 */
export function SecondFactorPrompt() {
  const { pathname } = useLocation()
  const [settle, setSettle] = useState<Settle | null>(null)

  useEffect(() => {
    setSecondFactorHandler(
      () =>
        new Promise<string | null>((resolve) => {
          let done = false
          const finish: Settle = (token) => {
            if (done) return
            done = true
            unsubscribe()
            setSettle(null)
            resolve(token)
          }
          // The code went in (here or on /login): the session store now hands out the aal2 token.
          const check = () => {
            const token = getAccessToken()
            if (token === null) finish(null)
            else if (tokenAssuranceLevel(token) === 'aal2') finish(token)
          }
          const unsubscribe = subscribeAccessToken(check)
          setSettle(() => finish)
          check()
        }),
    )
    return () => setSecondFactorHandler(null)
  }, [])

  if (settle === null || pathname === '/login') return null
  return (
    <Suspense fallback={null}>
      <SecondFactorDialog onGiveUp={() => settle(null)} />
    </Suspense>
  )
}
