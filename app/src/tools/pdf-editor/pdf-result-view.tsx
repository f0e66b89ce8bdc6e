import { Download, FilePen, X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { CopyButton } from '@/components/copy-button'
import { downloadBlob } from '@/components/tool-workspace/download'
import { formatBytes, sizeChange } from '@/components/tool-workspace/format-bytes'
import { ResultDownloads } from '@/components/tool-workspace/result-preview'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import type { Thumbnail } from '@/tools/pdf-editor/pdf-api'
import { countOf } from '@/lib/plural'

export interface PdfPart {
  name: string
  blob: Blob
  pages: Thumbnail[]
}

export type PdfResult =
  | { kind: 'pdf'; title: string; name: string; blob: Blob; inputSize: number; pages: Thumbnail[]; password: string; notes?: string[] }
  | { kind: 'parts'; title: string; parts: PdfPart[]; inputSize: number }
  | { kind: 'text'; title: string; name: string; text: string }

function PageStrip({ pages, label }: { pages: readonly Thumbnail[]; label: string }) {
  return (
    // The strip scrolls sideways: its region takes focus so the keyboard can scroll it.
    <div role="region" aria-label={label} className="overflow-x-auto pb-2" tabIndex={0}>
      <ol aria-label={label} className="flex gap-2">
        {pages.map((page) => (
          <li key={page.page} className="flex shrink-0 flex-col items-center gap-1">
            <img src={page.data_url} alt={`Page ${page.page}`} width={page.width} height={page.height} className="h-28 w-auto rounded border bg-white shadow-sm" />
            <span className="text-xs text-muted-foreground tabular-nums" aria-hidden>
              {page.page}
            </span>
          </li>
        ))}
      </ol>
    </div>
  )
}

function Sizes({ before, after }: { before: number; after: number }) {
  return (
    <span className="text-sm text-muted-foreground tabular-nums" data-testid="pdf-result-sizes">
      {before > 0 ? `${formatBytes(before)} → ${formatBytes(after)} (${sizeChange(before, after)})` : formatBytes(after)}
    </span>
  )
}

/** What an operation made, page by page, before anything is saved; a PDF can become the file being edited. */
export function PdfResultView({ result, onContinue, onDismiss }: { result: PdfResult; onContinue: (blob: Blob, name: string, password: string) => void; onDismiss: () => void }) {
  const title = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    // A new result appears above the grid: bring it into view and tell screen readers, from its heading.
    title.current?.focus({ preventScroll: true })
    title.current?.closest('.scroll-mt-24')?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }, [result])
  return (
    <Card aria-labelledby="pdf-result-title" className="scroll-mt-24">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle id="pdf-result-title" ref={title} tabIndex={-1} className="text-base outline-none">
            {result.title}
          </CardTitle>
          {result.kind === 'pdf' && (
            <CardDescription>
              {result.name} · {countOf(result.pages.length, 'page')} · <Sizes before={result.inputSize} after={result.blob.size} />
            </CardDescription>
          )}
          {result.kind === 'parts' && (
            <CardDescription>
              {countOf(result.parts.length, 'file')} · <Sizes before={result.inputSize} after={result.parts.reduce((sum, part) => sum + part.blob.size, 0)} />
            </CardDescription>
          )}
        </div>
        <Button variant="ghost" size="icon" onClick={onDismiss} aria-label="Close the result">
          <X aria-hidden />
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {result.kind === 'pdf' && (
          <>
            <PageStrip pages={result.pages} label="Result pages" />
            {result.notes && result.notes.length > 0 && (
              <ul className="flex list-disc flex-col gap-1 pl-5 text-sm" aria-label="What was done" data-testid="pdf-result-notes">
                {result.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => downloadBlob(result.blob, result.name)}>
                <Download aria-hidden /> Download {result.name}
              </Button>
              <Button variant="outline" onClick={() => onContinue(result.blob, result.name, result.password)}>
                <FilePen aria-hidden /> Keep editing this result
              </Button>
            </div>
          </>
        )}
        {result.kind === 'parts' && (
          <>
            <ul className="flex flex-col gap-3" aria-label="Parts">
              {result.parts.map((part) => (
                <li key={part.name} className="flex flex-col gap-2 rounded-lg border p-2" aria-label={part.name}>
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 truncate font-medium">{part.name}</span>
                    <span className="text-muted-foreground">
                      {countOf(part.pages.length, 'page')} · {formatBytes(part.blob.size)}
                    </span>
                  </div>
                  <PageStrip pages={part.pages} label={`Pages of ${part.name}`} />
                  <div>
                    <Button size="sm" variant="outline" onClick={() => downloadBlob(part.blob, part.name)} aria-label={`Download ${part.name}`}>
                      <Download aria-hidden /> Download
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <ResultDownloads results={result.parts.map((part) => ({ name: part.name, blob: part.blob, inputSize: 0 }))} zipName="split.zip" />
          </>
        )}
        {result.kind === 'text' && (
          <>
            <pre className="max-h-96 overflow-auto rounded-lg border bg-muted/40 p-3 text-sm whitespace-pre-wrap" role="region" tabIndex={0} aria-label="Extracted text" data-testid="pdf-text">
              {result.text || 'This PDF has no text layer. Scanned pages need the Image to text tool.'}
            </pre>
            <div className="flex flex-wrap gap-2">
              <CopyButton value={result.text} label="Copy text" showLabel />
              <Button variant="outline" size="sm" disabled={!result.text} onClick={() => downloadBlob(new Blob([result.text], { type: 'text/plain;charset=utf-8' }), result.name)}>
                <Download aria-hidden /> Download TXT
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  )
}
