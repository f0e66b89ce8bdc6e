import { UserRound } from 'lucide-react'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { ApiTokens } from '@/features/auth/account/api-tokens'
import { DeleteAccount } from '@/features/auth/account/delete-account'
import { EmailChange } from '@/features/auth/account/email-change'
import { PasswordChange } from '@/features/auth/account/password-change'
import { ProfileForm } from '@/features/auth/account/profile-form'
import { LinkedIdentities, OtherDevices } from '@/features/auth/account/sessions-and-identities'
import { MfaSection } from '@/features/auth/mfa'
import { useSession } from '@/features/auth/session'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function AccountPage() {
  usePageMetadata({ title: 'Account settings', description: 'Manage your profile and sign-in methods.', path: '/account', noindex: true })
  const session = useSession()
  return (
    <PageContainer narrow>
      <PageHeader title="Account settings" description="Your profile, sign-in and security." icon={UserRound} />
      {/* The route renders this page only with a session (require-auth.tsx). */}
      {session.status === 'signed-in' && (
        <div className="flex flex-col gap-6">
          <ProfileForm accessToken={session.session.access_token} />
          <EmailChange email={session.session.user.email ?? ''} />
          <PasswordChange email={session.session.user.email ?? ''} />
          <MfaSection />
          <LinkedIdentities />
          <OtherDevices />
          <ApiTokens />
          <DeleteAccount accessToken={session.session.access_token} />
        </div>
      )}
    </PageContainer>
  )
}
