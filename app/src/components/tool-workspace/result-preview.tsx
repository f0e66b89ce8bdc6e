import { Download, FileArchive } from 'lucide-react'
import { useEffect, useState } from 'react'
import { downloadBlob, zipFiles } from '@/components/tool-workspace/download'
import { formatBytes, sizeChange } from '@/components/tool-workspace/format-bytes'
import { Button } from '@/components/ui/button'
import { readBlobText } from '@/lib/api/read-blob'
import { useObjectUrl } from '@/components/tool-workspace/use-object-url'

export interface ToolResult {
  name: string
  blob: Blob
  /** Size of what went in, for the before/after line (0 when not meaningful). */
  inputSize: number
}

const TEXT_PREVIEW_LIMIT = 20_000

function kindOf(result: ToolResult): 'image' | 'pdf' | 'text' | 'other' {
  const type = result.blob.type
  if (type.startsWith('image/')) return 'image'
  if (type === 'application/pdf') return 'pdf'
  if (type.startsWith('text/') || type === 'application/json' || type === 'image/svg+xml') return 'text'
  return 'other'
}

function TextPreview({ blob }: { blob: Blob }) {
  const [text, setText] = useState('')
  useEffect(() => {
    let live = true
    void readBlobText(blob.slice(0, TEXT_PREVIEW_LIMIT)).then((value) => live && setText(value))
    return () => {
      live = false
    }
  }, [blob])
  return (
    <pre className="max-h-80 overflow-auto rounded-lg border bg-muted/40 p-3 text-xs whitespace-pre-wrap" role="region" tabIndex={0} aria-label="Text preview">
      {text}
    </pre>
  )
}

export function ResultPreview({ result }: { result: ToolResult }) {
  const kind = kindOf(result)
  const url = useObjectUrl(kind === 'image' || kind === 'pdf' ? result.blob : null)
  return (
    <figure className="flex flex-col gap-2">
      {kind === 'image' && url && (
        <img src={url} alt={`Preview of ${result.name}`} className="max-h-80 w-full rounded-lg border bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:16px_16px] object-contain" />
      )}
      {kind === 'pdf' && url && (
        <object data={`${url}#page=1&view=FitH`} type="application/pdf" aria-label={`First page of ${result.name}`} className="h-96 w-full rounded-lg border">
          <p className="p-3 text-sm text-muted-foreground">This browser cannot show PDFs inline; download it to view.</p>
        </object>
      )}
      {kind === 'text' && <TextPreview blob={result.blob} />}
      <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="min-w-0 truncate font-medium">{result.name}</span>
        <span className="text-muted-foreground tabular-nums" data-testid="result-sizes">
          {result.inputSize > 0
            ? `${formatBytes(result.inputSize)} → ${formatBytes(result.blob.size)} (${sizeChange(result.inputSize, result.blob.size)})`
            : formatBytes(result.blob.size)}
        </span>
      </figcaption>
    </figure>
  )
}

export function ResultDownloads({ results, zipName = 'results.zip' }: { results: readonly ToolResult[]; zipName?: string }) {
  const [zipping, setZipping] = useState(false)
  const downloadZip = async () => {
    setZipping(true)
    try {
      downloadBlob(await zipFiles(results.map((result) => ({ name: result.name, blob: result.blob }))), zipName)
    } finally {
      setZipping(false)
    }
  }
  if (results.length === 0) return null
  const only = results.length === 1 ? results[0] : undefined
  return (
    <div className="flex flex-wrap gap-2">
      {only ? (
        <Button onClick={() => downloadBlob(only.blob, only.name)}>
          <Download aria-hidden />
          Download
        </Button>
      ) : (
        <Button
          disabled={zipping}
          onClick={() => void downloadZip()}
        >
          <FileArchive aria-hidden />
          Download all as ZIP
        </Button>
      )}
    </div>
  )
}
