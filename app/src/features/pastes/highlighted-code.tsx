import { useMemo } from 'react'
import { cn } from '@/lib/utils'
import { useHighlighter } from '@/features/pastes/use-highlighter'

/** A paste's text with syntax highlighting and line numbers; plain until highlight.js has loaded. */
export function HighlightedCode({ code, language, label, className }: { code: string; language: string; label: string; className?: string }) {
  const highlighter = useHighlighter()
  const html = useMemo(() => highlighter?.highlightToHtml(code, language), [highlighter, code, language])
  // A final newline ends the last line rather than starting another (a <pre> shows no empty line for it).
  const lines = useMemo(() => code.replace(/\n$/, '').split('\n').length, [code])
  return (
    <div className={cn('flex overflow-auto rounded-lg border bg-card text-sm', className)}>
      <pre aria-hidden className="select-none border-r bg-muted/40 px-3 py-3 text-right font-mono leading-6 text-muted-foreground">
        {Array.from({ length: lines }, (_, index) => index + 1).join('\n')}
      </pre>
      {/* Focusable so keyboard users can scroll long lines; highlight.js escapes the text it returns. */}
      <pre role="region" tabIndex={0} aria-label={label} className="min-w-0 flex-1 px-4 py-3 font-mono leading-6 outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {html === undefined ? <code>{code}</code> : <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />}
      </pre>
    </div>
  )
}
