import { EyeOff, Search } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { SwitchRow } from '@/components/form-fields'
import { JobProgress } from '@/components/tool-workspace/job-progress'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { pdfJson, type Thumbnail } from '@/tools/pdf-editor/pdf-api'
import { runRedaction, type WorkingPdf } from '@/tools/pdf-editor/pdf-operations'
import type { PdfResult } from '@/tools/pdf-editor/pdf-result-view'
import { RedactionPage } from '@/tools/pdf-editor/redaction-page'
import { areasField, plannedRemoval, termsFrom, type Area, type RedactionMatches } from '@/tools/pdf-editor/redaction.service'
import type { usePdfJob } from '@/tools/pdf-editor/use-pdf-job'

// The view where areas are drawn and words are found, in a dialog (redact-panel.tsx opens it).

export interface Workspace {
  working: WorkingPdf
  pages: Thumbnail[]
}

export function RedactDialog({ workspace, job, onClose, onResult }: { workspace: Workspace; job: ReturnType<typeof usePdfJob>; onClose: () => void; onResult: (result: PdfResult | null) => void }) {
  const { working, pages } = workspace
  const [areas, setAreas] = useState<Area[]>([])
  const [termsText, setTermsText] = useState('')
  const [matchCase, setMatchCase] = useState(false)
  const [wholeWord, setWholeWord] = useState(false)
  const [matches, setMatches] = useState<RedactionMatches | null>(null)
  const termsId = useId()
  const terms = termsFrom(termsText)
  const plan = plannedRemoval(areas, terms, matches)
  const searchFields = { terms: JSON.stringify(terms), match_case: matchCase, whole_word: wholeWord, password: working.password || undefined }
  const boxesByPage = useMemo(() => new Map((matches?.pages ?? []).map((page) => [page.page, page.matches.flatMap((match) => match.boxes)])), [matches])

  const find = async () => {
    const found = await job.run('Finding the words', (step) => pdfJson<RedactionMatches>('/api/tools/pdf/redact/find', working.blob, working.name, searchFields, step), 'Could not search the PDF')
    if (found) setMatches(found)
  }
  const redact = async () => {
    // The view stays open while it runs: on an error the areas and words are all still here.
    const result = await job.run('Redacting', (step) => runRedaction(working, { ...searchFields, terms: terms.length ? searchFields.terms : undefined, areas: areasField(areas) }, step), 'Could not redact the PDF')
    if (!result) return
    onResult(result)
    onClose()
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      {/* Header and footer stay put and only the middle scrolls: a scrolled page never shows around the footer. */}
      <DialogContent className="flex max-h-[92vh] max-w-5xl flex-col gap-0 p-0">
        <DialogHeader className="p-4 pr-12 pb-3 sm:px-6 sm:pt-6 sm:pr-12">
          <DialogTitle>Redact {working.name}</DialogTitle>
          <DialogDescription>Drag on a page to black out an area, or find words to remove everywhere. Nothing changes until you press Redact.</DialogDescription>
        </DialogHeader>
        <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-4 pb-4 sm:px-6 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]" data-testid="redaction-scroller">
          <div className="flex flex-col gap-3">
            <Label htmlFor={termsId}>Words or phrases to remove everywhere</Label>
            <Textarea id={termsId} value={termsText} onChange={(event) => { setTermsText(event.target.value); setMatches(null) }} placeholder={'One per line, e.g.\nACME Corp\n48213'} className="min-h-24" />
            <SwitchRow label="Match case" checked={matchCase} onChange={(value) => { setMatchCase(value); setMatches(null) }} />
            <SwitchRow label="Whole words only" checked={wholeWord} onChange={(value) => { setWholeWord(value); setMatches(null) }} />
            <div>
              <Button variant="outline" onClick={() => void find()} disabled={job.busy || terms.length === 0}>
                <Search aria-hidden /> Find and show matches
              </Button>
            </div>
            {matches && (
              <p className="text-sm" role="status" data-testid="redaction-matches">
                {matches.total === 0 ? 'No match in the pages’ text.' : `${matches.total} ${matches.total === 1 ? 'match' : 'matches'} on ${matches.pages.map((page) => page.page).join(', ')}, shown in amber.`}
              </p>
            )}
            {job.phase && <JobProgress phase={job.phase} label={job.phase.label} onCancel={job.cancel} />}
            <section aria-label="What will be removed" className="flex flex-col gap-1 rounded-lg border bg-muted/30 p-3 text-sm" data-testid="redaction-plan">
              <h3 className="font-medium">What will be removed</h3>
              {plan.length === 0 ? <p className="text-muted-foreground">Nothing yet: draw an area or give a word.</p> : <ul className="flex list-disc flex-col gap-1 pl-5">{plan.map((line) => <li key={line}>{line}</li>)}</ul>}
            </section>
          </div>
          <ol className="flex flex-col gap-6" aria-label="Pages to redact">
            {pages.map((page) => (
              <li key={page.page}>
                <RedactionPage page={page} areas={areas.filter((area) => area.page === page.page)} matches={boxesByPage.get(page.page) ?? []} disabled={job.busy} onChange={(next) => setAreas([...areas.filter((area) => area.page !== page.page), ...next])} />
              </li>
            ))}
          </ol>
        </div>
        <DialogFooter className="flex flex-wrap gap-2 border-t p-4 sm:px-6">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void redact()} disabled={job.busy || plan.length === 0}>
            <EyeOff aria-hidden /> Redact
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
