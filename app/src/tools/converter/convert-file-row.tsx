import { AlertCircle, CheckCircle2, Clock, Download, FileIcon, Loader2, X } from 'lucide-react'
import { downloadBlob } from '@/components/tool-workspace/download'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { ResultPreview } from '@/components/tool-workspace/result-preview'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { useObjectUrl } from '@/components/tool-workspace/use-object-url'
import type { ToolResult } from '@/components/tool-workspace/result-preview'
import { comparable } from '@/tools/converter/compare'
import { TARGET_LABELS, type Target } from '@/tools/converter/converter.service'
import { CompareSlider } from '@/tools/converter/compare-slider'
import type { ConvertItem, FileState } from '@/tools/converter/use-batch-convert'
import { useOriginalDisplay } from '@/tools/converter/use-original-display'

const KIND_LABELS = { image: 'Image', pdf: 'PDF', document: 'Document' } as const

function StatusLine({ state, name, inputSize }: { state: FileState; name: string; inputSize: number }) {
  switch (state.status) {
    case 'ready':
      return null
    case 'queued':
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Clock className="size-4" aria-hidden /> Waiting its turn
        </p>
      )
    case 'waiting':
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Clock className="size-4" aria-hidden /> The server is busy; trying again shortly
        </p>
      )
    case 'uploading': {
      const percent = state.total > 0 ? Math.round((state.loaded / state.total) * 100) : 0
      return (
        <div className="flex flex-col gap-1">
          <span className="text-sm text-muted-foreground">Uploading… {percent}%</span>
          <Progress value={percent} aria-label={`Upload progress of ${name}`} />
        </div>
      )
    }
    case 'processing':
      return (
        <div className="flex flex-col gap-1">
          <span className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin text-primary" aria-hidden /> Converting…
          </span>
          <div className="relative h-2 overflow-hidden rounded-full bg-secondary" aria-hidden>
            <div className="absolute inset-y-0 w-1/3 [animation:progress-slide_1.2s_ease-in-out_infinite] rounded-full bg-primary" />
          </div>
        </div>
      )
    case 'skipped':
      return <p className="text-sm text-muted-foreground">Skipped: {state.reason}</p>
    case 'error':
      return (
        <p className="flex items-start gap-2 text-sm text-destructive" role="alert">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden /> {state.message}
        </p>
      )
    case 'done': {
      const after = state.results.reduce((sum, result) => sum + result.blob.size, 0)
      return (
        <p className="flex items-center gap-2 text-sm" data-testid="converted-sizes">
          <CheckCircle2 className="size-4 text-success" aria-hidden />
          <span className="tabular-nums">
            {formatBytes(inputSize)}
            {' → '}
            {formatBytes(after)}
          </span>
          {state.results.length > 1 && <span className="text-muted-foreground">{state.results.length} files</span>}
        </p>
      )
    }
  }
}

/** One input file: what it is, how far it got, and every file it became, each previewed and downloadable. */
export function ConvertFileRow({ item, onRemove, disabled }: { item: ConvertItem; onRemove: () => void; disabled?: boolean }) {
  const { file, kind, state } = item
  const results = state.status === 'done' ? state.results : []
  return (
    <li className="flex flex-col gap-3 p-3" aria-label={file.name}>
      <div className="flex items-start gap-3 text-sm">
        <FileIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="truncate font-medium" title={file.name}>
            {file.name}
          </span>
          <span className="flex items-center gap-2 text-xs text-muted-foreground tabular-nums">
            <Badge variant="secondary">{kind ? KIND_LABELS[kind] : 'Unsupported'}</Badge>
            {formatBytes(file.size)}
          </span>
        </div>
        <Button variant="ghost" size="icon" className="size-8" onClick={onRemove} disabled={disabled} aria-label={`Remove ${file.name}`}>
          <X aria-hidden />
        </Button>
      </div>
      <StatusLine state={state} name={file.name} inputSize={file.size} />
      {results.map((result, index) => (
        <div key={`${index}-${result.name}`} className="flex flex-col gap-2 rounded-lg border bg-muted/20 p-2">
          {kind === 'image' && results.length === 1 ? <ComparedResult file={file} result={result} /> : <ResultPreview result={{ ...result, inputSize: results.length === 1 ? file.size : 0 }} />}
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" variant="outline" onClick={() => downloadBlob(result.blob, result.name)} aria-label={`Download ${result.name}`}>
              <Download aria-hidden /> Download
            </Button>
          </div>
        </div>
      ))}
    </li>
  )
}

/** An image converted to another picture format: original and result under one split slider. */
function ComparedResult({ file, result }: { file: File; result: ToolResult }) {
  const shown = comparable(result.blob.type.replace('image/', ''))
  const original = useOriginalDisplay(file, shown)
  const converted = useObjectUrl(shown ? result.blob : null)
  if (!shown || !original || !converted) return <ResultPreview result={{ ...result, inputSize: file.size }} />
  const extension = result.name.split('.').pop()?.toLowerCase() ?? ''
  const label = TARGET_LABELS[(extension === 'jpg' ? 'jpeg' : extension) as Target] ?? 'Result'
  return <CompareSlider name={file.name} before={{ url: original, label: 'Original', size: file.size }} after={{ url: converted, label, size: result.blob.size }} />
}
