import { Trash2 } from 'lucide-react'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { Button } from '@/components/ui/button'
import { ConvertFileRow } from '@/tools/converter/convert-file-row'
import type { ConvertItem } from '@/tools/converter/use-batch-convert'
import { countOf } from '@/lib/plural'

export { ResultDownloads } from '@/components/tool-workspace/result-preview'
export { QualityPreview } from '@/tools/converter/quality-preview'

/** The chosen files, each with its state, result and comparison; their count and total size. */
export function ConvertFileList({ items, running, onRemove, onClear }: { items: readonly ConvertItem[]; running: boolean; onRemove: (id: string) => void; onClear: () => void }) {
  return (
    <>
      <ul aria-label="Files to convert" className="flex flex-col divide-y rounded-lg border">
        {items.map((item) => (
          <ConvertFileRow key={item.id} item={item} disabled={running} onRemove={() => onRemove(item.id)} />
        ))}
      </ul>
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {countOf(items.length, 'file')}, {formatBytes(items.reduce((sum, item) => sum + item.file.size, 0))}
        </span>
        <Button variant="ghost" size="sm" onClick={onClear} disabled={running}>
          <Trash2 aria-hidden /> Clear all
        </Button>
      </div>
    </>
  )
}
