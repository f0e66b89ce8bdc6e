import { History, Trash2, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { languageName, type EngineLanguage, type HistoryEntry } from '@/tools/translator/translator.service'

/** Recent translations, kept only in this browser; choosing one puts it back in the editor. */
export function TranslationHistory({ entries, languages, onRestore, onRemove, onClear }: { entries: readonly HistoryEntry[]; languages: readonly EngineLanguage[]; onRestore: (entry: HistoryEntry) => void; onRemove: (id: string) => void; onClear: () => void }) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2 text-base">
            <History className="size-4" aria-hidden />
            Recent translations
          </CardTitle>
          <CardDescription>Kept in this browser only.</CardDescription>
        </div>
        {entries.length > 0 && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <Trash2 aria-hidden />
            Clear history
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Your translations will appear here.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Recent translations">
            {entries.map((entry) => {
              const from = entry.detected ? `${languageName(languages, entry.detected.language)} (detected)` : languageName(languages, entry.source)
              return (
                <li key={entry.id} data-testid="history-entry" className="flex items-start gap-2 rounded-lg border p-2">
                  <button type="button" onClick={() => onRestore(entry)} className="flex min-w-0 flex-1 flex-col items-start gap-0.5 rounded text-left text-sm focus-visible:outline-2 focus-visible:outline-ring">
                    <span className="text-xs text-muted-foreground">
                      {from} → {languageName(languages, entry.target)}
                      {entry.pivot ? ` (through ${entry.pivot.name})` : ''}
                    </span>
                    <span className="w-full truncate font-medium">{entry.text}</span>
                    <span className="w-full truncate text-muted-foreground">{entry.translation}</span>
                  </button>
                  <Button variant="ghost" size="icon" aria-label={`Remove “${entry.text.slice(0, 40)}” from history`} onClick={() => onRemove(entry.id)}>
                    <X aria-hidden />
                  </Button>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
