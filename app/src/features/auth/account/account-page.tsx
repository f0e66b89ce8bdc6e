import { CloudOff, UserRound } from 'lucide-react'
import { useState } from 'react'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { ApiTokens } from '@/features/auth/account/api-tokens'
import { DeleteAccount } from '@/features/auth/account/delete-account'
import { EmailChange } from '@/features/auth/account/email-change'
import { PasswordChange } from '@/features/auth/account/password-change'
import { ProfileForm } from '@/features/auth/account/profile-form'
import { LinkedIdentities, OtherDevices } from '@/features/auth/account/sessions-and-identities'
import { MfaSection } from '@/features/auth/mfa'
import { PasskeysSection } from '@/features/auth/passkeys'
import { useSession } from '@/features/auth/session'
import { useOfflineNote } from '@/lib/offline-note'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'
import { useOnline } from '@/lib/use-online'

const OFFLINE_NOTE = 'You are offline. Account settings need the connection; they load again as soon as you are back.'

export default function AccountPage() {
  usePageMetadata({ title: 'Account settings', description: 'Manage your profile and sign-in methods.', path: '/account', noindex: true })
  const session = useSession()
  const online = useOnline()
  const [tokensVersion, setTokensVersion] = useState(0)
  useOfflineNote(OFFLINE_NOTE)
  return (
    <PageContainer narrow>
      <PageHeader title="Account settings" description="Your profile, sign-in and security." icon={UserRound} />
      {/* The route renders this page only with a session (require-auth.tsx). */}
      {/* Offline, every section would only fail: say so once, and load them when the connection is back. */}
      {!online && (
        <p role="status" className="flex items-start gap-3 rounded-xl border p-4 text-sm">
          <CloudOff className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          {OFFLINE_NOTE}
        </p>
      )}
      {online && session.status === 'signed-in' && (
        <div className="flex flex-col gap-6">
          <ProfileForm accessToken={session.session.access_token} />
          <EmailChange email={session.session.user.email ?? ''} />
          <PasswordChange email={session.session.user.email ?? ''} />
          <MfaSection userId={session.session.user.id} />
          <PasskeysSection />
          <LinkedIdentities />
          <OtherDevices onTokensRevoked={() => setTokensVersion((version) => version + 1)} />
          <ApiTokens version={tokensVersion} />
          <DeleteAccount accessToken={session.session.access_token} />
        </div>
      )}
    </PageContainer>
  )
}
