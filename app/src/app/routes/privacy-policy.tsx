import { Lock } from 'lucide-react'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { ProseSection } from '@/components/prose-section'
import { appName, config } from '@/config'
import { lastUpdated } from '@/app/routes/last-updated'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function PrivacyPolicyPage() {
  usePageMetadata({ title: 'Privacy policy', description: `How ${appName} handles your data.`, keywords: ['privacy', 'data', 'cookies'], path: '/privacy-policy' })
  return (
    <PageContainer narrow>
      <PageHeader title="Privacy policy" description="We collect as little as we can, and we say exactly what and why." icon={Lock} eyebrow={lastUpdated('privacy-policy')} />
      <div className="flex flex-col gap-8">
        <ProseSection title="What we collect">
          <ul>
            <li>
              <strong className="text-foreground">Account details</strong> — if you create an account: your email address, and the nickname, name and bio you choose to add.
            </li>
            <li>
              <strong className="text-foreground">Things you create</strong> — short links, pastes and their view and click counts.
            </li>
            <li>
              <strong className="text-foreground">Files you process</strong> — uploaded only for the time it takes to process them, then deleted.
            </li>
          </ul>
        </ProseSection>
        <ProseSection title="What stays in your browser">
          <p>
            Your theme choice, recently used tools, install-prompt reminders and offline changes are kept in your browser’s local storage. They never
            leave your device unless a tool says so. Clearing your browser data removes them.
          </p>
        </ProseSection>
        <ProseSection title="What we never do">
          <ul>
            <li>We don’t sell or rent your data.</li>
            <li>We don’t use advertising trackers.</li>
            <li>We don’t read the content of your files beyond what the tool you chose needs.</li>
          </ul>
        </ProseSection>
        <ProseSection title="Your choices">
          <p>
            You can change or delete your profile at any time from your account settings, and delete pastes and links you own. For anything else write
            to <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>.
          </p>
        </ProseSection>
      </div>
    </PageContainer>
  )
}
