import { cn } from '@/lib/utils'
import { strengthOf, type Strength } from '@/tools/password-generator/password-generator.service'

const LEVELS: Record<Strength, { filled: number; colour: string }> = {
  'Very weak': { filled: 1, colour: 'bg-destructive' },
  Weak: { filled: 2, colour: 'bg-destructive' },
  Fair: { filled: 3, colour: 'bg-warning' },
  Strong: { filled: 4, colour: 'bg-success' },
  'Very strong': { filled: 5, colour: 'bg-success' },
}

export function StrengthMeter({ bits }: { bits: number }) {
  const strength = strengthOf(bits)
  const level = LEVELS[strength]
  return (
    <div className="flex flex-col gap-2" data-testid="strength">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{strength}</span>
        <span className="text-muted-foreground tabular-nums">{Math.floor(bits)} bits of entropy</span>
      </div>
      <div className="grid grid-cols-5 gap-1" aria-hidden>
        {Array.from({ length: 5 }, (_, index) => (
          <span key={index} className={cn('h-1.5 rounded-full', index < level.filled ? level.colour : 'bg-secondary')} />
        ))}
      </div>
    </div>
  )
}
