import { useState } from 'react'
import { ToolCard } from '@/components/tool-card'
import { readRecentToolPaths } from '@/features/recent-tools/recent-tools'
import { findToolByPath } from '@/tools'

/** The dashboard's "Recently used tools": lives here because features may not import the tool registry. */
export function DashboardRecentTools() {
  const [recent] = useState(() => readRecentToolPaths().flatMap((path) => findToolByPath(path) ?? []))
  return (
    <section aria-labelledby="recent-tools-title" className="mt-8">
      <h2 id="recent-tools-title" className="mb-3 text-lg font-semibold tracking-tight">
        Recently used tools
      </h2>
      {recent.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {recent.map((tool) => (
            <li key={tool.path}>
              <ToolCard tool={tool} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">Tools you open will show up here.</p>
      )}
    </section>
  )
}
