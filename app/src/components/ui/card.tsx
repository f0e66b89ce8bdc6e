import { cva, type VariantProps } from 'class-variance-authority'
import * as React from 'react'
import { cn } from '@/lib/utils'

export const cardVariants = cva('rounded-xl text-card-foreground', {
  variants: {
    variant: {
      default: 'border bg-card shadow-sm',
      glass: 'glass shadow-lg shadow-black/5 dark:shadow-black/30',
      outline: 'border border-dashed bg-transparent',
    },
  },
  defaultVariants: { variant: 'default' },
})

export function Card({ className, variant, ...props }: React.ComponentProps<'div'> & VariantProps<typeof cardVariants>) {
  return <div data-slot="card" className={cn(cardVariants({ variant }), className)} {...props} />
}

export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-5 sm:p-6', className)} {...props} />
}

// A card's title sits under the page's h1 (h2), or under a section's h2 (level 3): headings never skip a level.
// Its children are passed explicitly so jsx-a11y sees the heading has content.
export function CardTitle({ className, level = 2, children, ...props }: React.ComponentProps<'h2'> & { level?: 2 | 3 }) {
  const Heading = level === 3 ? 'h3' : 'h2'
  return (
    <Heading className={cn('text-lg leading-tight font-semibold tracking-tight', className)} {...props}>
      {children}
    </Heading>
  )
}

export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />
}

export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('p-5 pt-0 sm:p-6 sm:pt-0', className)} {...props} />
}

export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex items-center gap-2 p-5 pt-0 sm:p-6 sm:pt-0', className)} {...props} />
}
