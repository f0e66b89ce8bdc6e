import { LogIn } from 'lucide-react'
import { ComingSoon } from '@/components/coming-soon'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function LoginPage() {
  usePageMetadata({ title: 'Sign in', description: 'Sign in to your toolkit account.', path: '/login', noindex: true })
  return (
    <ComingSoon title="Sign in" description="Accounts arrive soon. Until then every tool that doesn’t need an account is ready to use." icon={LogIn}>
      <p className="text-sm text-muted-foreground">
        With an account you’ll keep your short links and pastes in one place, use the converter, translator and colour picker, and protect your
        account with two-step verification.
      </p>
    </ComingSoon>
  )
}
