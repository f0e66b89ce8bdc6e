import { FileIcon, X } from 'lucide-react'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { Button } from '@/components/ui/button'
import { countOf } from '@/lib/plural'

export function FileList({ files, onRemove, disabled }: { files: readonly File[]; onRemove?: (index: number) => void; disabled?: boolean }) {
  if (files.length === 0) return null
  const total = files.reduce((sum, file) => sum + file.size, 0)
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label="Chosen files" className="flex flex-col divide-y rounded-lg border">
        {files.map((file, index) => (
          <li key={`${file.name}-${index}`} className="flex items-center gap-3 px-3 py-2 text-sm">
            <FileIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 flex-1 truncate" title={file.name}>
              {file.name}
            </span>
            <span className="shrink-0 text-muted-foreground tabular-nums">{formatBytes(file.size)}</span>
            {onRemove && (
              <Button variant="ghost" size="icon" className="size-8" onClick={() => onRemove(index)} disabled={disabled} aria-label={`Remove ${file.name}`}>
                <X aria-hidden />
              </Button>
            )}
          </li>
        ))}
      </ul>
      {files.length > 1 && (
        <p className="text-xs text-muted-foreground">
          {countOf(files.length, 'file')}, {formatBytes(total)} in total
        </p>
      )}
    </div>
  )
}
