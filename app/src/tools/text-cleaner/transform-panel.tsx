import { Button } from '@/components/ui/button'
import { TRANSFORMS, type TransformId } from '@/tools/text-cleaner/text-cleaner.service'

const GROUPS: { title: string; ids: TransformId[] }[] = [
  { title: 'Whitespace and lines', ids: ['trim', 'collapse-spaces', 'remove-empty-lines', 'remove-duplicate-lines', 'remove-line-breaks'] },
  { title: 'Sort lines', ids: ['sort-az', 'sort-za', 'sort-natural', 'sort-length'] },
  { title: 'Case', ids: ['upper', 'lower', 'title', 'sentence', 'camel', 'snake', 'kebab'] },
  { title: 'Clean up', ids: ['strip-html', 'remove-diacritics', 'straighten-quotes', 'remove-invisible'] },
]

export function TransformPanel({ onApply, disabled }: { onApply: (id: TransformId) => void; disabled: boolean }) {
  return (
    <div className="flex flex-col gap-5">
      {GROUPS.map((group) => (
        <section key={group.title} aria-labelledby={`group-${group.ids[0]}`} className="flex flex-col gap-2">
          <h3 id={`group-${group.ids[0]}`} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {group.title}
          </h3>
          <div className="flex flex-wrap gap-2">
            {group.ids.map((id) => (
              <Button key={id} variant="outline" size="sm" className="h-auto min-h-9 max-w-full py-1.5 text-left whitespace-normal" onClick={() => onApply(id)} disabled={disabled}>
                {TRANSFORMS[id].label}
              </Button>
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}
