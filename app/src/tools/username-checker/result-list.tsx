import { ExternalLink } from 'lucide-react'
import { cn } from '@/lib/utils'
import type { SiteStatus, UsernameResult } from '@/tools/username-checker/username-checker.service'

export const STATUS_STYLES: Record<SiteStatus, { label: string; className: string }> = {
  available: { label: 'Available', className: 'bg-success/15 text-success' },
  taken: { label: 'Taken', className: 'bg-destructive/15 text-destructive' },
  invalid: { label: 'Invalid', className: 'bg-secondary text-secondary-foreground' },
  unknown: { label: 'Unknown', className: 'bg-warning/15 text-warning' },
  blocked: { label: 'Blocked', className: 'bg-info/15 text-info' },
}

export function StatusBadge({ status }: { status: SiteStatus }) {
  const style = STATUS_STYLES[status]
  return <span className={cn('inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium', style.className)}>{style.label}</span>
}

export function ResultList({ results }: { results: readonly UsernameResult[] }) {
  return (
    <ul aria-label="Results" className="flex flex-col divide-y rounded-lg border">
      {results.map((result) => (
        <li key={result.site} data-testid="site-result" className="flex items-center gap-3 px-3 py-2.5 text-sm">
          <div className="flex min-w-0 flex-1 flex-col">
            {result.url ? (
              <a href={result.url} target="_blank" rel="noreferrer noopener" className="inline-flex min-w-0 items-center gap-1.5 font-medium hover:underline">
                <span className="truncate">{result.site}</span>
                <ExternalLink className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                <span className="sr-only">(open profile)</span>
              </a>
            ) : (
              <span className="font-medium">{result.site}</span>
            )}
            {result.detail && <span className="truncate text-xs text-muted-foreground">{result.detail}</span>}
          </div>
          {result.elapsed_ms !== undefined && <span className="hidden text-xs text-muted-foreground tabular-nums sm:inline">{result.elapsed_ms} ms</span>}
          <StatusBadge status={result.status} />
        </li>
      ))}
    </ul>
  )
}
