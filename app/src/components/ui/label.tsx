import * as React from 'react'
import { cn } from '@/lib/utils'

/**
 * Radix's label without Radix (its primitive is ~0.9 KB gzip on every page with a form): a <label> that,
 * as Radix's does, keeps a double click from selecting its text unless the click is on a control in it.
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<'label'>) {
  return (
    // eslint-disable-next-line jsx-a11y/label-has-associated-control, jsx-a11y/no-noninteractive-element-interactions -- callers pass htmlFor or nest the control; the mouse handler only keeps text unselected, as Radix's
    <label
      data-slot="label"
      className={cn('text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70', className)}
      {...props}
      onMouseDown={(event) => {
        if ((event.target as Element).closest('button, input, select, textarea')) return
        onMouseDown?.(event)
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
      }}
    />
  )
}
