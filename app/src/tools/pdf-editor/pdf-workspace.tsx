import { Check, FilePlus2, Undo2, X } from 'lucide-react'
import { useState } from 'react'
import { LeaveDialog, UnsavedChangesGuard } from '@/components/unsaved-changes-guard'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { JobProgress } from '@/components/tool-workspace/job-progress'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { asFile } from '@/tools/pdf-editor/pdf-api'
import { formatPageList, hasEdits, planEdits, type PageTile } from '@/tools/pdf-editor/pdf-editor.service'
import { applyPageEdits, buildEdited, runExtractText, runPdfOperation, runSearchable, runSplit } from '@/tools/pdf-editor/pdf-operations'
import { PdfResultView, type PdfResult } from '@/tools/pdf-editor/pdf-result-view'
import { CompressForm, MetadataForm, PageNumbersForm, SecurityForm, SplitForm, TextForm, WatermarkForm, type Action } from '@/tools/pdf-editor/operation-forms'
import { PageGrid } from '@/tools/pdf-editor/page-grid'
import { PasswordPrompt } from '@/tools/pdf-editor/password-prompt'
import { RedactPanel } from '@/tools/pdf-editor/redact-panel'
import { SearchableForm } from '@/tools/pdf-editor/searchable-form'
import type { usePdfDocument } from '@/tools/pdf-editor/use-pdf-document'
import type { usePdfJob } from '@/tools/pdf-editor/use-pdf-job'
import { countOf } from '@/lib/plural'

const TABS = [
  ['split', 'Split'],
  ['watermark', 'Watermark'],
  ['numbers', 'Page numbers'],
  ['metadata', 'Properties'],
  ['security', 'Security'],
  ['compress', 'Compress'],
  ['text', 'Text'],
  ['searchable', 'Searchable'],
  ['redact', 'Redact'],
] as const

/** The editor once a PDF is open: its pages, their changes and every tool that works on them. */
export function PdfWorkspace({ job, doc }: { job: ReturnType<typeof usePdfJob>; doc: ReturnType<typeof usePdfDocument> }) {
  // The undo steps, kept with the documents they edit: other documents start with none.
  const [undoable, setUndoable] = useState<{ sources: typeof doc.sources; steps: PageTile[][] }>({ sources: [], steps: [] })
  const [announcement, setAnnouncement] = useState('')
  const [result, setResult] = useState<PdfResult | null>(null)
  const [confirmClose, setConfirmClose] = useState(false)
  const { sources, tiles } = doc
  const history = undoable.sources === sources ? undoable.steps : []
  const password = sources[0]?.password ?? ''
  const metadata = sources[0]?.metadata ?? {}
  const plan = planEdits(tiles, sources.map((source) => source.pageCount))
  const selected = tiles.filter((tile) => tile.selected)
  // Turned, moved or deleted pages live only in this tab until applied: leaving asks first.
  const unsaved = sources.length > 0 && hasEdits(plan)
  const close = () => {
    setConfirmClose(false)
    doc.close()
    setResult(null)
  }

  const changeTiles = (next: PageTile[], message: string) => {
    setUndoable((current) => ({ sources, steps: [...(current.sources === sources ? current.steps : []).slice(-49), tiles] }))
    doc.setTiles(() => next)
    setAnnouncement(message)
  }
  const undo = () => {
    const previous = history.at(-1)
    if (!previous) return
    setUndoable({ sources, steps: history.slice(0, -1) })
    doc.setTiles(() => previous)
    setAnnouncement('Last change undone')
  }

  const show = (next: PdfResult | null) => next && setResult(next)

  const run = async (action: Action) => {
    const title =
      action.type === 'split' ? 'Could not split the PDF' : action.type === 'text' ? 'Could not read the text' : action.type === 'searchable' ? 'Could not make the PDF searchable' : `${action.operation.title}: that did not work`
    show(
      await job.run(
        'Preparing the pages',
        async (step) => {
          const working = await buildEdited(sources, tiles, step)
          if (action.type === 'split') return runSplit(working, action.fields, step)
          if (action.type === 'text') return runExtractText(working, step)
          if (action.type === 'searchable') return runSearchable(working, action.fields, step)
          return runPdfOperation(working, action.operation, step)
        },
        title,
      ),
    )
  }
  // The forms fire and forget: run() reports its own failure in a toast.
  const start = (action: Action) => void run(action)

  const extractSelected = async () => {
    const positions = tiles.flatMap((tile, index) => (tile.selected ? [index + 1] : []))
    show(
      await job.run('Preparing the pages', async (step) => {
        const working = await buildEdited(sources, tiles, step)
        return runPdfOperation(working, { title: `Pages ${formatPageList(positions)} extracted`, path: '/api/tools/pdf/extract', suffix: '-extract', fields: { pages: formatPageList(positions) } }, step)
      }),
    )
  }

  const continueWith = async (blob: Blob, name: string, nextPassword: string) => {
    setResult(null)
    await doc.open(asFile(blob, name), 'open', nextPassword)
  }

  const names = sources.map((source) => source.file.name)
  return (
    <div className="flex flex-col gap-6">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <div className="flex flex-wrap items-center gap-2 rounded-xl border bg-card p-3">
        <div className="mr-auto min-w-0 text-sm">
          <p className="truncate font-medium">{names.join(' + ')}</p>
          <p className="text-muted-foreground">
            {countOf(tiles.length, 'page')} · {formatBytes(sources.reduce((sum, source) => sum + source.file.size, 0))}
            {password && ' · protected'}
          </p>
        </div>
        <label className="inline-flex">
          <input type="file" accept="application/pdf,.pdf" multiple className="peer sr-only" disabled={job.busy} onChange={(event) => {
            void doc.openFiles(Array.from(event.target.files ?? []), false)
            event.target.value = ''
          }} />
          <span className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border bg-background px-3 text-sm font-medium peer-focus-visible:ring-2 peer-focus-visible:ring-ring hover:bg-accent">
            <FilePlus2 className="size-4" aria-hidden /> Add PDFs to merge
          </span>
        </label>
        <Button variant="outline" size="sm" onClick={undo} disabled={history.length === 0 || job.busy}>
          <Undo2 aria-hidden /> Undo
        </Button>
        <Button variant="ghost" size="sm" onClick={() => (unsaved ? setConfirmClose(true) : close())} disabled={job.busy}>
          <X aria-hidden /> Close
        </Button>
      </div>
      <UnsavedChangesGuard dirty={unsaved} what="Your page changes (turned, moved or deleted pages)" />
      <LeaveDialog open={confirmClose} what="Your page changes (turned, moved or deleted pages)" leaveLabel="Close and discard" onStay={() => setConfirmClose(false)} onLeave={close} />
      {job.phase && <JobProgress phase={job.phase} label={job.phase.label} onCancel={job.cancel} />}
      {doc.passwordRequest && (
        <PasswordPrompt key={`${doc.passwordRequest.file.name}-${doc.passwordRequest.wrong}`} request={doc.passwordRequest} disabled={job.busy} onCancel={doc.dismissPassword} onSubmit={(value) => void doc.open(doc.passwordRequest!.file, doc.passwordRequest!.mode, value)} />
      )}
      {result && (
        <PdfResultView result={result} onDismiss={() => setResult(null)} onContinue={(blob, name, nextPassword) => void continueWith(blob, name, nextPassword)} />
      )}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Pages</CardTitle>
            <CardDescription>Drag to reorder, or focus a page and use Alt+arrows. R turns it, Delete removes it. Shift+click selects a run.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <PageGrid tiles={tiles} sourceNames={names} onChange={changeTiles} disabled={job.busy} />
            <div className="flex flex-wrap gap-2 border-t pt-4">
              <Button disabled={job.busy || !hasEdits(plan)} onClick={() => void job.run('Preparing the pages', (step) => applyPageEdits(sources, tiles, step)).then(show)}>
                <Check aria-hidden /> {plan.merge ? 'Merge and apply' : 'Apply page changes'}
              </Button>
              <Button variant="outline" disabled={job.busy || selected.length === 0} onClick={() => void extractSelected()}>
                Extract {selected.length > 0 ? `${selected.length} selected` : 'selected'} {selected.length === 1 ? 'page' : 'pages'}
              </Button>
            </div>
          </CardContent>
        </Card>
        <Card className="lg:sticky lg:top-20">
          <CardHeader>
            <CardTitle className="text-base">More tools</CardTitle>
            <CardDescription>Each works on the pages as arranged and shows the result before you download.</CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs defaultValue="split">
              <TabsList aria-label="PDF tools" className="flex h-auto w-full flex-wrap justify-start gap-1">
                {TABS.map(([value, label]) => (
                  <TabsTrigger key={value} value={value} className="flex-none">
                    {label}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent value="split" className="pt-3">
                <SplitForm pageCount={tiles.length} disabled={job.busy} onRun={start} />
              </TabsContent>
              <TabsContent value="watermark" className="pt-3">
                <WatermarkForm pageCount={tiles.length} disabled={job.busy} onRun={start} />
              </TabsContent>
              <TabsContent value="numbers" className="pt-3">
                <PageNumbersForm pageCount={tiles.length} disabled={job.busy} onRun={start} />
              </TabsContent>
              <TabsContent value="metadata" className="pt-3">
                <MetadataForm key={JSON.stringify(metadata)} initial={metadata} pageCount={tiles.length} disabled={job.busy} onRun={start} />
              </TabsContent>
              <TabsContent value="security" className="pt-3">
                <SecurityForm protectedWith={password} pageCount={tiles.length} disabled={job.busy} onRun={start} />
              </TabsContent>
              <TabsContent value="compress" className="pt-3">
                <CompressForm pageCount={tiles.length} disabled={job.busy} onRun={start} />
              </TabsContent>
              <TabsContent value="text" className="pt-3">
                <TextForm pageCount={tiles.length} disabled={job.busy} onRun={start} />
              </TabsContent>
              <TabsContent value="searchable" className="pt-3">
                <SearchableForm disabled={job.busy} onRun={(fields) => void run({ type: 'searchable', fields })} />
              </TabsContent>
              <TabsContent value="redact" className="pt-3">
                <RedactPanel sources={sources} tiles={tiles} job={job} onResult={show} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
