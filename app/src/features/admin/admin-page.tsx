import { ShieldHalf } from 'lucide-react'
import { ComingSoon } from '@/components/coming-soon'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function AdminPage() {
  usePageMetadata({ title: 'Admin', description: 'Administration area.', path: '/admin', noindex: true })
  return (
    <ComingSoon title="Admin panel" description="Page switches, users and roles will be managed here. Administrators only." icon={ShieldHalf}>
      <p className="text-sm text-muted-foreground">Administrators will be able to disable pages with a reason and manage who has admin access.</p>
    </ComingSoon>
  )
}
