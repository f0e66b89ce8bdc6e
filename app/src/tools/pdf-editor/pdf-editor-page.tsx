import { Suspense } from 'react'
import { DropZone } from '@/components/tool-workspace/drop-zone'
import { JobProgress } from '@/components/tool-workspace/job-progress'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PasswordPrompt } from '@/tools/pdf-editor/password-prompt'
import { usePdfDocument } from '@/tools/pdf-editor/use-pdf-document'
import { usePdfJob } from '@/tools/pdf-editor/use-pdf-job'
import { lazyExport } from '@/lib/lazy-export'
import { useLoadAtFirstAct } from '@/lib/use-load-at-first-act'

// The editor (page grid, nine tools, result view; ~20 KB gzip) is no part of the first page, which
// only asks for a PDF: it is fetched at the visitor's first act (lib/when-visitor-acts), long before
// a PDF has been read.
const loadWorkspace = () => import('@/tools/pdf-editor/pdf-workspace')
const PdfWorkspace = lazyExport(loadWorkspace, 'PdfWorkspace')

export default function PdfEditorPage() {
  const job = usePdfJob()
  const doc = usePdfDocument(job.run)
  useLoadAtFirstAct(loadWorkspace)

  if (doc.sources.length > 0) {
    return (
      <Suspense fallback={<p role="status" className="text-sm text-muted-foreground">Opening the editor…</p>}>
        <PdfWorkspace job={job} doc={doc} />
      </Suspense>
    )
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Open a PDF</CardTitle>
        <CardDescription>Several files are merged in the order you add them. Up to 25 MB and 1000 pages each.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <DropZone accept="application/pdf,.pdf" hint="PDF files" onFiles={(files) => void doc.openFiles(files, true)} disabled={job.busy} />
        {job.phase && <JobProgress phase={job.phase} label={job.phase.label} onCancel={job.cancel} />}
        {doc.passwordRequest && (
          <PasswordPrompt key={`${doc.passwordRequest.file.name}-${doc.passwordRequest.wrong}`} request={doc.passwordRequest} disabled={job.busy} onCancel={doc.dismissPassword} onSubmit={(value) => void doc.open(doc.passwordRequest!.file, doc.passwordRequest!.mode, value)} />
        )}
      </CardContent>
    </Card>
  )
}
