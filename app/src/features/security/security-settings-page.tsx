import { ShieldCheck } from 'lucide-react'
import { ComingSoon } from '@/components/coming-soon'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function SecuritySettingsPage() {
  usePageMetadata({ title: 'Security settings', description: 'Two-step verification and security level.', path: '/settings/security', noindex: true })
  return (
    <ComingSoon title="Security settings" description="Two-step verification, security levels and sessions will be managed here once accounts arrive." icon={ShieldCheck}>
      <p className="text-sm text-muted-foreground">Choose a security level (standard, high or maximum) and add an authenticator app.</p>
    </ComingSoon>
  )
}
