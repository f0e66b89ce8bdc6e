import { Lock } from 'lucide-react'
import { Suspense, useEffect, type ComponentType } from 'react'
import { Link } from 'react-router'
import { ChunkErrorBoundary } from '@/components/chunk-error-boundary'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { ToolBodyPlaceholder } from '@/components/page-placeholder'
import { Badge } from '@/components/ui/badge'
import { DisabledPageGate } from '@/features/disabled-pages/disabled-page-gate'
import { rememberToolVisit } from '@/features/recent-tools/recent-tools'
import { useOfflineNote } from '@/lib/offline-note'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'
import type { ToolDefinition } from '@/tools/define-tool'

/**
 * Wraps every tool page: heading, metadata and recent-tool tracking all come from the registry entry,
 * so they paint with the first bundle; the tool's own page (a chunk of its own) follows into place.
 */
export function ToolRoute({ tool, page: ToolPage }: { tool: Readonly<ToolDefinition>; page: ComponentType }) {
  usePageMetadata({ title: tool.name, description: tool.description, keywords: tool.keywords, path: tool.path })
  useOfflineNote(tool.offline ?? `You are offline. ${tool.name} needs the connection; what you have entered stays here until you are back.`)

  useEffect(() => {
    rememberToolVisit(tool.path)
  }, [tool.path])

  return (
    <PageContainer>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-muted-foreground">
        <Link to="/all-tools" className="hover:text-foreground hover:underline">
          All tools
        </Link>
        <span aria-hidden> / </span>
        <span>{tool.category}</span>
      </nav>
      <PageHeader title={tool.name} description={tool.description} icon={tool.icon}>
        {tool.requiresAuth && (
          <div>
            <Badge variant="secondary">
              <Lock aria-hidden />
              Requires an account
            </Badge>
          </div>
        )}
      </PageHeader>
      <DisabledPageGate pageKey={tool.pageKey}>
        <ChunkErrorBoundary>
          <Suspense fallback={<ToolBodyPlaceholder />}>
            <ToolPage />
          </Suspense>
        </ChunkErrorBoundary>
      </DisabledPageGate>
    </PageContainer>
  )
}
