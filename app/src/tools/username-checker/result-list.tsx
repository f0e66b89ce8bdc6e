import { ExternalLink } from 'lucide-react'
import { cn } from '@/lib/utils'
import { OUTCOME_LABELS, outcomeOf, type Outcome, type UsernameResult } from '@/tools/username-checker/username-checker.service'

export const OUTCOME_STYLES: Record<Outcome, string> = {
  found: 'bg-destructive/15 text-destructive',
  not_found: 'bg-success/15 text-success',
  could_not_check: 'bg-info/15 text-info',
}

export function OutcomeBadge({ outcome }: { outcome: Outcome }) {
  return <span className={cn('inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium', OUTCOME_STYLES[outcome])}>{OUTCOME_LABELS[outcome]}</span>
}

/** One row per site: its answer as the summary names it, and why in words when it could not be checked. */
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
            {result.detail && <span className="text-xs text-muted-foreground">{result.detail}</span>}
          </div>
          {result.elapsed_ms !== undefined && <span className="hidden text-xs text-muted-foreground tabular-nums sm:inline">{result.elapsed_ms} ms</span>}
          <OutcomeBadge outcome={outcomeOf(result.status)} />
        </li>
      ))}
    </ul>
  )
}
