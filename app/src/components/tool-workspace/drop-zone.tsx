import { Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

export interface DropZoneProps {
  onFiles: (files: File[]) => void
  /** `accept` attribute for the picker, e.g. "image/*,.pdf". */
  accept?: string
  multiple?: boolean
  /** What the zone takes, shown under the title, e.g. "PNG, JPEG or WebP up to 25 MB". */
  hint?: string
  /** Listen for Ctrl+V anywhere on the page while mounted. */
  acceptPaste?: boolean
  disabled?: boolean
  className?: string
}

function matchesAccept(file: File, accept: string | undefined): boolean {
  if (!accept) return true
  return accept.split(',').some((rule) => {
    const pattern = rule.trim().toLowerCase()
    if (pattern.startsWith('.')) return file.name.toLowerCase().endsWith(pattern)
    if (pattern.endsWith('/*')) return file.type.startsWith(pattern.slice(0, -1))
    return file.type === pattern
  })
}

/** Drag and drop, a file picker and paste from the clipboard: three ways in, one callback. */
export function DropZone({ onFiles, accept, multiple = true, hint, acceptPaste = true, disabled, className }: DropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const hintId = useId()

  const take = (list: FileList | File[] | null | undefined) => {
    const files = Array.from(list ?? []).filter((file) => matchesAccept(file, accept))
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1))
  }

  useEffect(() => {
    if (!acceptPaste || disabled) return
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? [])
      if (files.length === 0) return // plain text paste into a field stays untouched
      event.preventDefault()
      take(files)
    }
    document.addEventListener('paste', onPaste)
    return () => document.removeEventListener('paste', onPaste)
  })

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (!disabled) take(event.dataTransfer.files)
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
      <div className="flex flex-col gap-1">
        <p className="font-medium">Drop {multiple ? 'files' : 'a file'} here, paste, or</p>
        {hint && (
          <p id={hintId} className="text-sm text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
      <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={disabled} aria-describedby={hint ? hintId : undefined}>
        Choose {multiple ? 'files' : 'a file'}
      </Button>
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
          take(event.target.files)
          event.target.value = '' // choosing the same file again still fires change
        }}
      />
    </div>
  )
}
