import { Search } from 'lucide-react'
import { useMemo, useState } from 'react'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { ToolCard } from '@/components/tool-card'
import { Input } from '@/components/ui/input'
import { SwitchedOffBadge } from '@/features/disabled-pages/switched-off-badge'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'
import { rankTools } from '@/lib/tool-search'
import { tools, toolsByCategory } from '@/tools'
import { countOf } from '@/lib/plural'

export default function AllToolsPage() {
  usePageMetadata({
    title: 'All tools',
    description: 'Every tool in the toolkit, grouped by category and searchable.',
    keywords: tools.flatMap((tool) => tool.keywords.slice(0, 2)),
    path: '/all-tools',
  })
  const [query, setQuery] = useState('')
  const groups = useMemo(() => toolsByCategory(rankTools(query, tools)), [query])
  const count = groups.reduce((total, [, entries]) => total + entries.length, 0)

  return (
    <PageContainer>
      <PageHeader title="All tools" description={`${tools.length} small utilities for files, images, text and the web.`} />
      <div className="relative mb-8 max-w-md">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Filter tools"
          placeholder="Filter by name or keyword…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="pl-9"
        />
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {countOf(count, 'tool')} shown
      </p>
      {groups.length === 0 ? (
        <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">No tools match “{query}”.</p>
      ) : (
        <div className="flex flex-col gap-10">
          {groups.map(([category, entries]) => (
            <section key={category} aria-labelledby={`category-${category}`}>
              <h2 id={`category-${category}`} className="mb-4 text-lg font-semibold tracking-tight">
                {category} <span className="text-sm font-normal text-muted-foreground">({entries.length})</span>
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {entries.map((tool) => (
                  <li key={tool.path}>
                    <ToolCard tool={tool} badge={<SwitchedOffBadge pageKey={tool.pageKey} />} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </PageContainer>
  )
}
