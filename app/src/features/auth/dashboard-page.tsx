import { LayoutDashboard } from 'lucide-react'
import { ComingSoon } from '@/components/coming-soon'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function DashboardPage() {
  usePageMetadata({ title: 'Dashboard', description: 'Your links, pastes and recent activity.', path: '/dashboard', noindex: true })
  return (
    <ComingSoon title="Dashboard" description="Your links, pastes and recent activity will live here once accounts arrive." icon={LayoutDashboard}>
      <p className="text-sm text-muted-foreground">You’ll see click counts for your short links, your pastes, and the tools you use most.</p>
    </ComingSoon>
  )
}
