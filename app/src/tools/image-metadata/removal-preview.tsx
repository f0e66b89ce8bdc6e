import { ShieldCheck, Trash2 } from 'lucide-react'
import type { RemovalPlan } from '@/tools/image-metadata/image-metadata.service'

function Column({ title, rows, icon: Icon, testId, empty }: { title: string; rows: RemovalPlan['kept']; icon: typeof Trash2; testId: string; empty: string }) {
  return (
    <section className="flex flex-col gap-2 rounded-lg border p-3" aria-label={title} data-testid={testId}>
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <Icon className="size-4" aria-hidden />
        {title} ({rows.length})
      </h4>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex max-h-64 flex-col gap-1 overflow-auto text-sm">
          {rows.map((row) => (
            <li key={`${row.group}-${row.tag}`} className="flex flex-wrap gap-x-2">
              <span className="text-muted-foreground">{row.label}:</span>{' '}
              <span className="min-w-0 break-words">{row.value}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Before running a clean-up: side by side, what stays in the file and what leaves it. */
export function RemovalPreview({ plan }: { plan: RemovalPlan }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Column title="Stays" rows={plan.kept} icon={ShieldCheck} testId="plan-kept" empty="Nothing else is stored." />
      <Column title="Will be removed" rows={plan.removed} icon={Trash2} testId="plan-removed" empty="Nothing to remove." />
    </div>
  )
}
