import { useId, type ComponentProps, type ReactNode } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

interface FormFieldProps extends Omit<ComponentProps<typeof Input>, 'id'> {
  label: string
  /** Shown under the field while there is no error, e.g. the password rule. */
  hint?: ReactNode
  error?: string
  /** Something placed inside the field's right edge, e.g. the show-password toggle. */
  trailing?: ReactNode
}

/** A labelled input whose hint or error is announced with it (aria-describedby, aria-invalid). */
export function FormField({ label, hint, error, trailing, className, ...inputProps }: FormFieldProps) {
  const id = useId()
  const messageId = `${id}-message`
  const message = error ?? hint
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className={cn(trailing && 'pr-11', className)}
          {...inputProps}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
      </div>
      {message && (
        <p id={messageId} className={cn('text-xs', error ? 'font-medium text-destructive' : 'text-muted-foreground')}>
          {message}
        </p>
      )}
    </div>
  )
}
