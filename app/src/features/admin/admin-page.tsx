import { ShieldHalf } from 'lucide-react'
import type { ReactNode } from 'react'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { Moderation } from '@/features/admin/moderation'
import { PageSwitches } from '@/features/admin/page-switches'
import { UsersTable } from '@/features/admin/users-table'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

/**
 * /admin: page switches, users and roles, moderation of public pastes and short links, and this browser's incident log (handed in by the route,
 * which composes features, as is the suggestion to add an authenticator). Every action is checked again by the BFF and SQL.
 */
export default function AdminPage({ incidentLog, securityNotice }: { incidentLog?: ReactNode; securityNotice?: ReactNode }) {
  usePageMetadata({ title: 'Admin', description: 'Administration area.', path: '/admin', noindex: true })
  return (
    <PageContainer>
      <PageHeader title="Admin panel" description="Switch pages off and on, manage who has administrator rights, and remove abusive pastes and links." icon={ShieldHalf} />
      <div className="flex flex-col gap-6">
        {securityNotice}
        <PageSwitches />
        <UsersTable />
        <Moderation />
        {incidentLog}
        <p className="text-sm text-muted-foreground">
          In production, roles can also be managed in Supabase Studio: rows of the <code className="rounded bg-muted px-1 py-0.5">user_roles</code> table
          are the administrators.
        </p>
      </div>
    </PageContainer>
  )
}
