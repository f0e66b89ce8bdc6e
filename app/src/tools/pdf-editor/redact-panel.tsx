import { EyeOff } from 'lucide-react'
import { Suspense, useState } from 'react'
import { Button } from '@/components/ui/button'
import { lazyExport } from '@/lib/lazy-export'
import { pdfThumbnails } from '@/tools/pdf-editor/pdf-api'
import type { PageTile } from '@/tools/pdf-editor/pdf-editor.service'
import { buildEdited } from '@/tools/pdf-editor/pdf-operations'
import type { PdfResult } from '@/tools/pdf-editor/pdf-result-view'
import type { Workspace } from '@/tools/pdf-editor/redact-dialog'
import type { PdfSource } from '@/tools/pdf-editor/use-pdf-document'
import type { usePdfJob } from '@/tools/pdf-editor/use-pdf-job'

const PAGE_WIDTH = 560 // px of the pages drawn on: enough to aim at a line of text

// The redaction view and Radix's dialog under it (its focus trap, scroll lock and layers, ~11 KB gzip)
// are no part of the editor's first script: asked for when the visitor chooses to redact, while the
// pages are being prepared.
const loadRedactDialog = () => import('@/tools/pdf-editor/redact-dialog')
const RedactDialog = lazyExport(loadRedactDialog, 'RedactDialog')

/** The Redact tab: what redaction does, and the view where areas are drawn and words are found. */
export function RedactPanel({ sources, tiles, job, onResult }: { sources: readonly PdfSource[]; tiles: readonly PageTile[]; job: ReturnType<typeof usePdfJob>; onResult: (result: PdfResult | null) => void }) {
  const [workspace, setWorkspace] = useState<Workspace | null>(null)
  const open = async () => {
    void loadRedactDialog().catch(() => undefined) // a failure shows again, with a retry, when it is rendered
    const prepared = await job.run('Preparing the pages', async (step) => {
      const working = await buildEdited(sources, tiles, step)
      const pages = await pdfThumbnails(new File([working.blob], working.name, { type: 'application/pdf' }), working.password, PAGE_WIDTH, step.step('Drawing the pages'))
      return { working, pages }
    })
    if (prepared) setWorkspace(prepared)
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Black out areas of pages or every place a word appears. What is under them is removed from the file, not covered: nobody can copy, search or uncover it.
      </p>
      <div>
        <Button onClick={() => void open()} disabled={job.busy}>
          <EyeOff aria-hidden /> Choose what to redact
        </Button>
      </div>
      {workspace && (
        <Suspense fallback={null}>
          <RedactDialog workspace={workspace} job={job} onClose={() => setWorkspace(null)} onResult={onResult} />
        </Suspense>
      )}
    </div>
  )
}
