import { useMemo, useRef } from 'react'
import { cn } from '@/lib/utils'
import { useHighlighter } from '@/features/pastes/use-highlighter'

// A textarea over a highlighted copy of its text: the textarea's own glyphs are transparent, so the
// caret, selection, undo, IME and screen readers all stay the browser's, and the colours come from below.
// Both reserve the scrollbar's gutter, so their text wraps at the same width once the textarea scrolls.
const SHARED = 'm-0 box-border w-full whitespace-pre-wrap break-words border-0 p-3 font-mono text-sm leading-6 [tab-size:4] [scrollbar-gutter:stable]'

export function CodeEditor({ value, onChange, language, id, invalid, describedBy, placeholder }: {
  value: string
  onChange: (value: string) => void
  language: string
  id: string
  invalid?: boolean
  describedBy?: string
  placeholder?: string
}) {
  const highlighter = useHighlighter()
  const backdrop = useRef<HTMLPreElement>(null)
  const html = useMemo(() => {
    if (!highlighter || value.length > highlighter.HIGHLIGHT_LIMIT) return undefined
    // A trailing newline needs a character after it, or the backdrop is one line short of the textarea.
    return highlighter.highlightToHtml(value, language) + '\n '
  }, [highlighter, value, language])

  return (
    <div
      className={cn(
        'relative min-h-72 overflow-hidden rounded-md border border-input bg-background/70 shadow-xs focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring',
        invalid && 'border-destructive',
      )}
    >
      <pre ref={backdrop} aria-hidden className={cn(SHARED, 'pointer-events-none absolute inset-0 overflow-hidden')}>
        {html === undefined ? `${value}\n ` : <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />}
      </pre>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onScroll={(event) => {
          if (backdrop.current) backdrop.current.scrollTop = event.currentTarget.scrollTop
        }}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        className={cn(
          SHARED,
          'relative block h-72 resize-y overflow-auto bg-transparent text-transparent caret-foreground outline-none placeholder:text-muted-foreground selection:bg-primary/25 selection:text-transparent',
        )}
      />
    </div>
  )
}
