import { AlertCircle, Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { FILE_LIMIT_BYTES, fileProblem, formatLimit } from '@/components/tool-workspace/file-checks'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

export interface DropZoneProps {
  onFiles: (files: File[]) => void
  /** `accept` attribute for the picker, e.g. "image/*,.pdf". */
  accept?: string
  multiple?: boolean
  /** What the zone takes, shown under the title with the size limit, e.g. "PNG, JPEG or WebP". */
  hint?: string
  /** Largest file taken, stated beside the zone; bigger ones are refused before any upload. */
  maxBytes?: number
  /** Listen for Ctrl+V anywhere on the page while mounted. */
  acceptPaste?: boolean
  disabled?: boolean
  className?: string
}

/**
 * Drag and drop, a file picker and paste from the clipboard: three ways in, one callback. Files of
 * another type, empty, too big or not what their name says are refused here, before any upload,
 * each named with its reason; the others go on.
 */
export function DropZone({ onFiles, accept, multiple = true, hint, maxBytes = FILE_LIMIT_BYTES, acceptPaste = true, disabled, className }: DropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [refused, setRefused] = useState<string[]>([])
  const hintId = useId()
  const takes = hint ?? 'other kinds of file'

  const take = async (list: FileList | File[] | null | undefined) => {
    const offered = Array.from(list ?? [])
    const chosen = multiple ? offered : offered.slice(0, 1)
    if (chosen.length === 0) return
    const problems = await Promise.all(chosen.map((file) => fileProblem(file, { accept, maxBytes, takes })))
    setRefused(problems.filter((problem): problem is string => problem !== null))
    const good = chosen.filter((_, index) => problems[index] === null)
    if (good.length > 0) onFiles(good)
  }

  useEffect(() => {
    if (!acceptPaste || disabled) return
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? [])
      if (files.length === 0) return // plain text paste into a field stays untouched
      event.preventDefault()
      void take(files)
    }
    document.addEventListener('paste', onPaste)
    return () => document.removeEventListener('paste', onPaste)
  })

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (!disabled) void take(event.dataTransfer.files)
  }

  return (
    <div
      data-testid="drop-zone"
      onDragOver={(event) => {
        event.preventDefault()
        if (!disabled) setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-input bg-muted/40 px-4 py-8 text-center transition-colors',
        dragging && 'border-primary bg-accent',
        disabled && 'opacity-60',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Upload className="size-5" aria-hidden />
      </span>
      {/* "… paste, or" runs on into the button; what is accepted follows it. */}
      <p className="font-medium">Drop {multiple ? 'files' : 'a file'} here, paste, or</p>
      <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={disabled} aria-describedby={hintId}>
        Choose {multiple ? 'files' : 'a file'}
      </Button>
      <p id={hintId} className="text-sm text-muted-foreground" data-testid="drop-zone-hint">
        {hint ? `${hint} · ` : ''}up to {formatLimit(maxBytes)}
        {multiple ? ' each' : ''}
      </p>
      <input
        ref={inputRef}
        type="file"
        // Reached through the visible button; hidden so assistive tech does not meet a second "Choose" control.
        hidden
        aria-label={multiple ? 'Choose files' : 'Choose a file'}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          void take(event.target.files)
          event.target.value = '' // choosing the same file again still fires change
        }}
      />
      {refused.length > 0 && (
        // The alert wraps the list: role="alert" on the <ul> itself would orphan its items.
        <div role="alert" className="w-full max-w-md">
          <ul className="flex flex-col gap-1 text-left text-sm text-destructive" data-testid="refused-files">
            {refused.map((problem) => (
              <li key={problem} className="flex gap-2">
                <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span className="wrap-anywhere">{problem}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
