import { ShieldAlert } from 'lucide-react'
import { Link } from 'react-router'
import { buttonVariants } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { useSession } from '@/features/auth/session'

/**
 * For /admin: an administrator without a verified authenticator is one stolen password away from
 * someone else holding their powers. With one, the server asks for its code (aal2) before any admin action.
 */
export function SecondFactorSuggestion() {
  const session = useSession()
  if (session.status !== 'signed-in') return null
  if (session.session.user.factors?.some((factor) => factor.status === 'verified')) return null
  return (
    <Card role="note" aria-labelledby="second-factor-suggestion" className="border border-amber-500/40 bg-amber-500/10">
      <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between sm:pt-6">
        <div className="flex gap-3">
          <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
          <div>
            <h2 id="second-factor-suggestion" className="font-semibold">Protect your administrator account</h2>
            <p className="text-sm text-muted-foreground">
              Anyone with your password can use these powers today. Add an authenticator app: every admin action then needs its code.
            </p>
          </div>
        </div>
        <Link to="/account" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          Add an authenticator app
        </Link>
      </CardContent>
    </Card>
  )
}
