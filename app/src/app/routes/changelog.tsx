import { History } from 'lucide-react'
import { changelogEntries, type ChangelogEntry } from '@/app/routes/changelog-entries'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

const TYPE_LABEL: Record<ChangelogEntry['changes'][number]['type'], { label: string; variant: 'success' | 'secondary' | 'outline' }> = {
  added: { label: 'New', variant: 'success' },
  improved: { label: 'Improved', variant: 'secondary' },
  fixed: { label: 'Fixed', variant: 'outline' },
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' })

export default function ChangelogPage() {
  usePageMetadata({ title: 'Changelog', description: 'What’s new in the toolkit, release by release.', keywords: ['changelog', 'release notes', 'updates'], path: '/changelog' })
  return (
    <PageContainer narrow>
      <PageHeader title="Changelog" description="What’s new, release by release." icon={History} />
      <ol className="relative flex flex-col gap-10 border-l pl-6">
        {changelogEntries.map((entry) => (
          <li key={entry.version} className="relative">
            <span className="absolute top-1.5 -left-[31px] size-3 rounded-full border-2 border-background bg-primary ring-4 ring-primary/15" aria-hidden />
            <article className="flex flex-col gap-3">
              <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h2 className="text-lg font-semibold tracking-tight">
                  {entry.version} — {entry.title}
                </h2>
                <time dateTime={entry.date} className="text-sm text-muted-foreground">
                  {dateFormat.format(new Date(entry.date))}
                </time>
              </header>
              <ul className="flex flex-col gap-2">
                {entry.changes.map((change) => (
                  <li key={change.text} className="flex items-start gap-2.5 text-sm">
                    <Badge variant={TYPE_LABEL[change.type].variant} className="mt-0.5 w-20 justify-center">
                      {TYPE_LABEL[change.type].label}
                    </Badge>
                    <span>{change.text}</span>
                  </li>
                ))}
              </ul>
            </article>
          </li>
        ))}
      </ol>
    </PageContainer>
  )
}
