import { Download, FileUp, Redo2, RotateCcw, Trash2, Undo2 } from 'lucide-react'
import { useReducer, useRef, useState, type DragEvent } from 'react'
import { CopyButton } from '@/components/copy-button'
import { downloadBlob } from '@/components/tool-workspace/download'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Textarea } from '@/components/ui/textarea'
import { readBlobText } from '@/lib/api/read-blob'
import { notify } from '@/lib/notify'
import { FindReplace } from '@/tools/text-cleaner/find-replace'
import { historyReducer, initialHistory } from '@/tools/text-cleaner/history'
import { applyChain, countText, TRANSFORMS, type TransformId } from '@/tools/text-cleaner/text-cleaner.service'
import { TransformPanel } from '@/tools/text-cleaner/transform-panel'

const numberFormat = new Intl.NumberFormat()
const MAX_FILE_BYTES = 10 * 1024 * 1024

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col rounded-lg border bg-muted/30 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{numberFormat.format(value)}</dd>
    </div>
  )
}

export default function TextCleanerPage() {
  const [history, dispatch] = useReducer(historyReducer, undefined, () => initialHistory())
  // The transforms applied so far, so the same cleaning can be re-run on the next text.
  const [chain, setChain] = useState<TransformId[]>([])
  const text = history.present
  const counts = countText(text)

  const fileInput = useRef<HTMLInputElement>(null)
  // A text file, chosen or dropped on the text box, replaces the text (one undo step).
  const openFile = async (file: File | undefined) => {
    if (!file) return
    if (file.size > MAX_FILE_BYTES) {
      notify.error('That file is too large', `Text files up to ${MAX_FILE_BYTES / 1024 / 1024} MB can be opened here.`)
      return
    }
    dispatch({ type: 'set', text: await readBlobText(file) })
  }
  const onDrop = (event: DragEvent) => {
    if (event.dataTransfer.files.length === 0) return // dragged text: let the text box insert it
    event.preventDefault()
    void openFile(event.dataTransfer.files[0])
  }

  const apply = (id: TransformId) => {
    dispatch({ type: 'set', text: TRANSFORMS[id].apply(text) })
    setChain((steps) => [...steps, id])
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
          <CardTitle className="text-base">Text</CardTitle>
          <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Edit">
            <Button variant="outline" size="icon" aria-label="Open a text file" onClick={() => fileInput.current?.click()}>
              <FileUp aria-hidden />
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              aria-label="Text file"
              accept="text/*,.txt,.csv,.md,.json,.html,.xml,.log"
              onChange={(event) => {
                void openFile(event.target.files?.[0])
                event.target.value = ''
              }}
            />
            <Button variant="outline" size="icon" aria-label="Undo" disabled={history.past.length === 0} onClick={() => dispatch({ type: 'undo' })}>
              <Undo2 aria-hidden />
            </Button>
            <Button variant="outline" size="icon" aria-label="Redo" disabled={history.future.length === 0} onClick={() => dispatch({ type: 'redo' })}>
              <Redo2 aria-hidden />
            </Button>
            <CopyButton value={text} label="Copy text" />
            <Button variant="outline" size="icon" aria-label="Download as .txt" disabled={!text} onClick={() => downloadBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'cleaned-text.txt')}>
              <Download aria-hidden />
            </Button>
            <Button variant="outline" size="icon" aria-label="Clear" disabled={!text} onClick={() => dispatch({ type: 'set', text: '' })}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Textarea
            aria-label="Text to clean"
            placeholder="Paste or type text here, or drop a text file…"
            value={text}
            onChange={(event) => dispatch({ type: 'type', text: event.target.value })}
            onDrop={onDrop}
            spellCheck={false}
            className="min-h-72 font-mono text-sm"
          />
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Counts" data-testid="counts">
            <Stat label="Characters" value={counts.characters} />
            <Stat label="Words" value={counts.words} />
            <Stat label="Lines" value={counts.lines} />
            <Stat label="Bytes (UTF-8)" value={counts.bytes} />
          </dl>
          {chain.length > 0 && (
            <div className="flex flex-col gap-2 rounded-lg border border-dashed p-3">
              <p className="text-sm">
                <span className="font-medium">Applied: </span>
                <span data-testid="chain">{chain.map((id) => TRANSFORMS[id].label).join(' → ')}</span>
              </p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" disabled={!text} onClick={() => dispatch({ type: 'set', text: applyChain(text, chain) })}>
                  <RotateCcw aria-hidden />
                  Run these steps again
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setChain([])}>
                  Forget steps
                </Button>
              </div>
            </div>
          )}
        </CardContent>
      </Card>
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Transforms</CardTitle>
          </CardHeader>
          <CardContent>
            <TransformPanel onApply={apply} disabled={!text} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Find and replace</CardTitle>
          </CardHeader>
          <CardContent>
            <FindReplace text={text} onReplace={(next) => dispatch({ type: 'set', text: next })} />
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
