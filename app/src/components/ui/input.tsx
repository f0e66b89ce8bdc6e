import * as React from 'react'
import { cn } from '@/lib/utils'

export const inputClassName =
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-background/70 px-3 py-2 text-base shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive sm:text-sm file:border-0 file:bg-transparent file:text-sm file:font-medium'

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return <input type={type} data-slot="input" className={cn(inputClassName, className)} {...props} />
}
