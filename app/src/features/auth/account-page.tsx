import { UserRound } from 'lucide-react'
import { ComingSoon } from '@/components/coming-soon'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function AccountPage() {
  usePageMetadata({ title: 'Account settings', description: 'Manage your profile and sign-in methods.', path: '/account', noindex: true })
  return (
    <ComingSoon title="Account settings" description="Profile, email and sign-in methods will be managed here once accounts arrive." icon={UserRound}>
      <p className="text-sm text-muted-foreground">You’ll be able to set your nickname, name, bio and avatar, and link other sign-in methods.</p>
    </ComingSoon>
  )
}
