import { ArrowUpRight, Lock } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { NavTool } from '@/components/layout/nav-types'
import { cn } from '@/lib/utils'

export function ToolCard({ tool, className, headingLevel = 3, badge }: { tool: NavTool; className?: string; headingLevel?: 2 | 3; /** Beside the name, e.g. that the tool is switched off. */ badge?: ReactNode }) {
  const Icon = tool.icon
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <Link
      to={tool.path}
      className={cn(
        'group relative flex h-full flex-col gap-3 rounded-xl border bg-card/80 p-5 shadow-sm transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
          <Icon className="size-5" aria-hidden />
        </span>
        <ArrowUpRight className="size-4 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100" aria-hidden />
      </div>
      <div className="flex flex-col gap-1">
        <Heading className="flex flex-wrap items-center gap-1.5 font-semibold">
          {tool.name}
          {tool.requiresAuth && (
            <Lock className="size-3.5 text-muted-foreground" aria-label="Requires an account" role="img" />
          )}
          {badge}
        </Heading>
        <p className="text-sm leading-relaxed text-muted-foreground">{tool.description}</p>
      </div>
    </Link>
  )
}
