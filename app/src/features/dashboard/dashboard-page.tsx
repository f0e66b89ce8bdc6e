import type { User } from '@supabase/supabase-js'
import { ClipboardList, LayoutDashboard, Link2, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { Card, CardContent } from '@/components/ui/card'
import { MyShortLinks, MyPastes, type CachedPaste } from '@/features/dashboard/my-items'
import { SignOutButton, useProfile, useSession } from '@/features/auth/session'
import { useOfflineNote } from '@/lib/offline-note'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

function AccountCard({ user }: { user: User }) {
  const email = user.email ?? ''
  // The profile's nickname (changed on /account), never the sign-up metadata, which goes stale.
  const profile = useProfile()
  const name = profile?.id === user.id ? (profile.nickname ?? undefined) : undefined
  const fullName = profile?.id === user.id ? profile.full_name.trim() : ''
  return (
    <Card variant="glass">
      <CardContent className="flex flex-col gap-5 pt-5 sm:flex-row sm:items-center sm:pt-6">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <span
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground uppercase sm:size-14 sm:text-xl"
            aria-hidden
          >
            {(fullName || name || email).charAt(0) || '?'}
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            {fullName && <p className="text-lg font-semibold wrap-anywhere">{fullName}</p>}
            <p className="text-base">
              Signed in as <strong className="font-semibold wrap-anywhere">{email}</strong>
            </p>
            <p className="text-sm text-muted-foreground">
              {name && <span className="wrap-anywhere" data-testid="nickname">@{name} · </span>}
              Member since {dateFormat.format(new Date(user.created_at))}
            </p>
          </div>
        </div>
        <SignOutButton className="sm:self-center" />
      </CardContent>
    </Card>
  )
}

const SHORTCUTS = [
  { to: '/pastes', label: 'Pastes', description: 'Write and share snippets.', icon: ClipboardList },
  { to: '/url-shortener', label: 'URL shortener', description: 'Short links with click counts.', icon: Link2 },
  { to: '/account', label: 'Account settings', description: 'Profile and sign-in methods.', icon: UserRound },
] as const

function Shortcuts() {
  return (
    <section aria-labelledby="shortcuts-title" className="mt-8">
      <h2 id="shortcuts-title" className="mb-3 text-lg font-semibold tracking-tight">
        Jump back in
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {SHORTCUTS.map(({ to, label, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="glass flex h-full flex-col gap-1 rounded-xl p-4 transition-colors hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Icon className="mb-1 size-5 text-primary" aria-hidden />
              <span className="font-medium">{label}</span>
              <span className="text-sm text-muted-foreground">{description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * recentTools: the route passes the "Recently used tools" section (it needs the tool registry);
 * cachedPastes: this browser's copy of the user's pastes (the pastes feature's), shown when offline.
 */
export default function DashboardPage({ recentTools, cachedPastes }: { recentTools?: ReactNode; cachedPastes?: (userId: string) => CachedPaste[] }) {
  useOfflineNote('You are offline. Your dashboard shows the pastes saved on this device; short links and changes wait for the connection.')
  usePageMetadata({ title: 'Dashboard', description: 'Your links, pastes and recent activity.', path: '/dashboard', noindex: true })
  const session = useSession()
  return (
    <PageContainer narrow>
      <PageHeader title="Dashboard" description="Your account at a glance." icon={LayoutDashboard} />
      {/* The route renders this page only with a session (require-auth.tsx). */}
      {session.status === 'signed-in' && (
        <>
          <AccountCard user={session.session.user} />
          <div className="mt-8 grid gap-4 md:grid-cols-2">
            <MyShortLinks accessToken={session.session.access_token} />
            <MyPastes accessToken={session.session.access_token} cached={cachedPastes && (() => cachedPastes(session.session.user.id))} />
          </div>
          {recentTools}
          <Shortcuts />
        </>
      )}
    </PageContainer>
  )
}
