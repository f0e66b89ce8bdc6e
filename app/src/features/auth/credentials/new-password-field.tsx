import { Check, X } from 'lucide-react'
import type { ComponentProps } from 'react'
import { PasswordField } from '@/features/auth/credentials/password-field'
import { PASSWORD_POLICY, passwordRules, type PasswordPolicy } from '@/features/auth/credentials/password-policy'
import { passwordStrength, STRENGTH_LABELS } from '@/features/auth/credentials/password-strength'
import { cn } from '@/lib/utils'

const BAR_COLOURS = ['bg-destructive', 'bg-destructive', 'bg-warning', 'bg-success', 'bg-success'] as const

type NewPasswordFieldProps = Omit<ComponentProps<typeof PasswordField>, 'value' | 'hint'> & {
  value: string
  policy?: PasswordPolicy
}

/** A password being chosen: the field, a strength meter and Auth's rules ticked off as they are met. */
export function NewPasswordField({ value, policy = PASSWORD_POLICY, ...fieldProps }: NewPasswordFieldProps) {
  const score = passwordStrength(policy, value)
  const rules = passwordRules(policy, value)
  return (
    <div className="flex flex-col gap-2">
      <PasswordField autoComplete="new-password" {...fieldProps} value={value} />
      <div className="flex items-center gap-3">
        <div
          role="meter"
          aria-label="Password strength"
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={score}
          aria-valuetext={value ? STRENGTH_LABELS[score] : 'No password yet'}
          className="grid flex-1 grid-cols-4 gap-1"
        >
          {[1, 2, 3, 4].map((step) => (
            <span key={step} className={cn('h-1.5 rounded-full transition-colors', value && step <= Math.max(score, 1) ? BAR_COLOURS[score] : 'bg-muted')} />
          ))}
        </div>
        <span className="w-16 text-right text-xs font-medium text-muted-foreground" aria-hidden>
          {value ? STRENGTH_LABELS[score] : ''}
        </span>
      </div>
      <ul aria-label="Password rules" className="flex flex-col gap-1 text-xs">
        {rules.map((rule) => (
          <li key={rule.id} className={cn('flex items-center gap-1.5', rule.met ? 'text-success' : 'text-muted-foreground')}>
            {rule.met ? <Check className="size-3.5" aria-hidden /> : <X className="size-3.5" aria-hidden />}
            <span>
              {rule.label}
              <span className="sr-only">{rule.met ? ' (met)' : ' (not met yet)'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
