import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

interface PageHeaderProps {
  title: string
  description?: ReactNode
  icon?: LucideIcon
  eyebrow?: ReactNode
  children?: ReactNode
  className?: string
}

export function PageHeader({ title, description, icon: Icon, eyebrow, children, className }: PageHeaderProps) {
  return (
    <header className={cn('mb-8 flex flex-col gap-3', className)}>
      {eyebrow && <div className="text-sm font-medium text-primary">{eyebrow}</div>}
      <div className="flex items-center gap-3">
        {Icon && (
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Icon className="size-6" aria-hidden />
          </span>
        )}
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
      </div>
      {description && <p className="max-w-2xl text-base text-muted-foreground">{description}</p>}
      {children}
    </header>
  )
}
