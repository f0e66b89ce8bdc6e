import { PageContainer } from '@/components/page-container'
import { Skeleton } from '@/components/ui/skeleton'

/**
 * Where a page's own code is still on its way (a first visit, a slow network): the header and footer
 * are already there, and this quiet outline holds the page's place — never a blank screen. The footer is not drawn meanwhile (index.css).
 */
export function PagePlaceholder() {
  return (
    <PageContainer>
      <div role="status" aria-label="Loading page" data-page-placeholder className="flex flex-col gap-3">
        <Skeleton className="h-9 w-2/3 max-w-sm" />
        <Skeleton className="h-4 w-full max-w-xl" />
        <Skeleton className="h-4 w-5/6 max-w-lg" />
        <Skeleton className="mt-6 h-64 w-full" />
      </div>
    </PageContainer>
  )
}

/** The same for a tool's workspace, below the tool's heading (which needs no code of its own). */
export function ToolBodyPlaceholder() {
  return (
    <div role="status" aria-label="Loading the tool" data-page-placeholder className="flex flex-col gap-3">
      <Skeleton className="h-64 w-full" />
    </div>
  )
}
