import { ScrollText } from 'lucide-react'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { ProseSection } from '@/components/prose-section'
import { appName, config } from '@/config'
import { lastUpdated } from '@/app/routes/last-updated'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function TermsOfServicePage() {
  usePageMetadata({ title: 'Terms of service', description: `The rules for using ${appName}.`, keywords: ['terms', 'rules', 'acceptable use'], path: '/terms-of-service' })
  return (
    <PageContainer narrow>
      <PageHeader title="Terms of service" description="The short version: use the tools fairly, keep your content legal, and we’ll keep things running." icon={ScrollText} eyebrow={lastUpdated('terms-of-service')} />
      <div className="flex flex-col gap-8">
        <ProseSection title="Using the tools">
          <p>
            {appName} is provided as is. We work hard to keep it available and correct, but we can’t promise that every conversion, translation or
            check is perfect. Keep your own copy of anything important.
          </p>
        </ProseSection>
        <ProseSection title="Your content">
          <ul>
            <li>You keep ownership of everything you upload or create.</li>
            <li>You must have the right to use the files and text you process.</li>
            <li>Public pastes and short links are visible to anyone who has the link.</li>
          </ul>
        </ProseSection>
        <ProseSection title="Acceptable use">
          <ul>
            <li>No malware, phishing, spam or illegal content in pastes or short links.</li>
            <li>No automated traffic that degrades the service for others.</li>
            <li>No attempts to get around limits, access controls or other people’s privacy.</li>
          </ul>
          <p>We may remove content or disable pages and accounts that break these rules.</p>
        </ProseSection>
        <ProseSection title="Contact">
          <p>
            Questions about these terms? Write to <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>.
          </p>
        </ProseSection>
      </div>
    </PageContainer>
  )
}
