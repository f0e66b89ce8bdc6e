import { Download } from 'lucide-react'
import { useId, useState } from 'react'
import { CopyButton } from '@/components/copy-button'
import { SwitchRow } from '@/components/form-fields'
import { downloadBlob } from '@/components/tool-workspace/download'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { countWords, textFileName, type OcrResult } from '@/tools/image-to-text/image-to-text.service'
import { WordOverlay } from '@/tools/image-to-text/word-overlay'

/** The recognised text (editable before copying or saving) and, for images, the word boxes. */
export function OcrResultView({ result, fileName, imageUrl }: { result: OcrResult; fileName: string; imageUrl: string | null }) {
  // The user's edit of this result; a new result starts from its own text.
  const [edit, setEdit] = useState<{ result: OcrResult; text: string } | null>(null)
  const text = edit?.result === result ? edit.text : result.text
  const [showBoxes, setShowBoxes] = useState(true)
  const textId = useId()
  const words = result.pages[0]?.words ?? []
  const empty = result.text.trim() === ''

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2" data-testid="ocr-summary">
        <Badge variant="secondary">{countWords(result)} words</Badge>
        {result.confidence !== null && <Badge variant="secondary">{Math.round(result.confidence)}% mean confidence</Badge>}
        <Badge variant="secondary">Languages: {result.language.replaceAll('+', ', ')}</Badge>
        {result.pages.length > 1 && <Badge variant="secondary">{result.pages.length} pages</Badge>}
      </div>
      {empty ? (
        <p className="rounded-lg border bg-muted/40 p-3 text-sm" role="status">
          No text was found. Try another page layout, the right language, or turning the clean-up off for photos with coloured text.
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={textId}>Recognised text</Label>
          <Textarea id={textId} value={text} onChange={(event) => setEdit({ result, text: event.target.value })} className="min-h-48 font-mono text-sm" spellCheck={false} />
          <div className="flex flex-wrap gap-2">
            <CopyButton value={text} label="Copy text" showLabel />
            <Button variant="outline" size="sm" onClick={() => downloadBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), textFileName(fileName))}>
              <Download aria-hidden />
              Download TXT
            </Button>
          </div>
        </div>
      )}
      {imageUrl && words.length > 0 && (
        <div className="flex flex-col gap-3">
          <SwitchRow label="Show word boxes" checked={showBoxes} onChange={setShowBoxes} />
          <WordOverlay imageUrl={imageUrl} words={words} showBoxes={showBoxes} />
        </div>
      )}
      {result.pages.length > 1 && (
        <details className="rounded-lg border p-3 text-sm">
          <summary className="cursor-pointer font-medium">Text page by page</summary>
          {result.pages.map((page) => (
            <section key={page.page} className="mt-3">
              <h4 className="text-xs font-semibold text-muted-foreground">Page {page.page}</h4>
              <pre className="whitespace-pre-wrap">{page.text}</pre>
            </section>
          ))}
        </details>
      )}
    </div>
  )
}
