import { FileSearch, FileText, ScanText, X } from 'lucide-react'
import { Suspense, useEffect, useState } from 'react'
import { DropZone } from '@/components/tool-workspace/drop-zone'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { JobProgress } from '@/components/tool-workspace/job-progress'
import { useProgressJob } from '@/components/tool-workspace/use-progress-job'
import { useToolJob } from '@/components/tool-workspace/use-tool-job'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { toApiError } from '@/lib/api/client'
import { readBlobText } from '@/lib/api/read-blob'
import { HEIC_ACCEPT, isHeic } from '@/lib/heic'
import { notify } from '@/lib/notify'
import { readStorage, writeStorage } from '@/lib/storage'
import { availableChoice, DEFAULT_SETTINGS, isPdf, isSettings, mergeOcrResults, pagesReadSummary, SETTINGS_KEY, type OcrResult, type OcrSettings } from '@/tools/image-to-text/image-to-text.service'
import { fetchOcrLanguages } from '@/tools/image-to-text/ocr-languages'
import { OcrOptions } from '@/tools/image-to-text/ocr-options'
import type { SearchablePdf, SearchableReport } from '@/tools/image-to-text/searchable-pdf'
import { useObjectUrl } from '@/components/tool-workspace/use-object-url'
import { lazyExport } from '@/lib/lazy-export'
import { useLoadAtFirstAct } from '@/lib/use-load-at-first-act'

// The results (text with its word boxes, a searchable PDF) wait for a file: no part of the first
// page, fetched at the visitor's first act (lib/when-visitor-acts).
const loadOcrResult = () => import('@/tools/image-to-text/ocr-result')
const loadSearchablePdf = () => import('@/tools/image-to-text/searchable-pdf')
const OcrResultView = lazyExport(loadOcrResult, 'OcrResultView')
const SearchablePdfResult = lazyExport(loadSearchablePdf, 'SearchablePdfResult')

export default function ImageToTextPage() {
  const [file, setFile] = useState<File | null>(null)
  const [installed, setInstalled] = useState<{ code: string; name: string }[]>([])
  const [settings, setSettings] = useState<OcrSettings>(() => readStorage(SETTINGS_KEY, DEFAULT_SETTINGS, isSettings))
  const [password, setPassword] = useState('')
  const [result, setResult] = useState<{ ocr: OcrResult; fileName: string } | null>(null)
  const [searchable, setSearchable] = useState<SearchablePdf | null>(null)
  const job = useToolJob('Could not read the text')
  const pdfJob = useProgressJob('Could not make a searchable PDF')
  const busy = job.busy || pdfJob.busy
  // HEIC photos are read by the server; most browsers cannot draw them, so no preview for those.
  const imageUrl = useObjectUrl(file && !isPdf(file) && !isHeic(file) ? file : null)

  useLoadAtFirstAct(loadOcrResult, loadSearchablePdf)
  useEffect(() => {
    fetchOcrLanguages()
      .then((languages) => {
        setInstalled(languages)
        setSettings((current) => ({ ...current, languages: availableChoice(current.languages, languages.map((language) => language.code)) }))
      })
      .catch((error: unknown) => notify.error('Could not load the OCR languages', toApiError(error).message))
  }, [])

  const changeSettings = (next: OcrSettings) => {
    setSettings(next)
    writeStorage(SETTINGS_KEY, next)
  }

  const choose = (files: File[]) => {
    const next = files[0]
    if (!next) return
    setFile(next)
    setResult(null)
    setSearchable(null)
  }

  const makeSearchable = async () => {
    if (!file) return
    setSearchable(null)
    const answer = await pdfJob.run<SearchableReport>({
      path: '/api/tools/ocr/searchable',
      files: [file],
      fields: { lang: settings.languages.join('+'), password: isPdf(file) && password ? password : undefined },
    })
    if (answer) setSearchable({ blob: answer.blob, name: answer.filename, report: answer.report })
  }

  /** Reads the file; `pages` continues a long PDF where the previous answer stopped (its next_pages). */
  const read = async (pages?: string) => {
    if (!file) return
    const answer = await job.run({
      path: '/api/tools/ocr',
      files: [file],
      fields: { lang: settings.languages.join('+'), psm: settings.psm, preprocess: settings.preprocess, password: isPdf(file) && password ? password : undefined, pages },
    })
    if (!answer) return
    try {
      const ocr = JSON.parse(await readBlobText(answer.blob)) as OcrResult
      setResult((earlier) => ({ ocr: pages && earlier ? mergeOcrResults(earlier.ocr, ocr) : ocr, fileName: file.name }))
    } catch {
      notify.error('Could not read the text', 'The server sent an answer this page cannot read. Please try again.')
    }
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Image or PDF</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {/* Keyed: unkeyed, the renderer (Preact) matched this row with the buttons' row below and turned
              the "Read text" element into "Remove" (image-to-text-page.test.tsx). */}
          {file ? (
            <div key="chosen-file" className="flex items-center gap-3 rounded-lg border p-2 text-sm" data-testid="chosen-file">
              {imageUrl ? <img src={imageUrl} alt="" className="size-12 rounded object-cover" /> : <FileText className="size-8 text-muted-foreground" aria-hidden />}
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{file.name}</span>
                <span className="text-muted-foreground">{formatBytes(file.size)}</span>
              </span>
              <Button variant="ghost" size="icon" aria-label={`Remove ${file.name}`} disabled={busy} onClick={() => {
                  setFile(null)
                  setResult(null)
                  setSearchable(null)
                }}>
                <X aria-hidden />
              </Button>
            </div>
          ) : (
            <DropZone key="drop-zone" onFiles={choose} multiple={false} accept={`image/*,${HEIC_ACCEPT},.pdf,application/pdf`} hint="Screenshots, photos, scans (PNG, JPEG, WebP, HEIC, TIFF…) or a PDF" disabled={busy} />
          )}
          <OcrOptions settings={settings} onChange={changeSettings} installed={installed} showPassword={!!file && isPdf(file)} password={password} onPasswordChange={setPassword} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void read()} disabled={!file || busy}>
              <ScanText aria-hidden />
              Read text
            </Button>
            <Button variant="outline" onClick={() => void makeSearchable()} disabled={!file || busy}>
              <FileSearch aria-hidden />
              Make searchable PDF
            </Button>
          </div>
          {job.phase && <JobProgress phase={job.phase} onCancel={job.cancel} />}
          {pdfJob.phase && <JobProgress phase={pdfJob.phase} onCancel={pdfJob.cancel} />}
          {searchable && (
            <Suspense fallback={null}>
              <SearchablePdfResult result={searchable} />
            </Suspense>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Text</CardTitle>
        </CardHeader>
        <CardContent>
          {result?.ocr.next_pages && (
            <div className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 p-3 text-sm" role="status" data-testid="ocr-more-pages">
              <span className="min-w-0 flex-1">{pagesReadSummary(result.ocr)}: long PDFs are read a few pages at a time.</span>
              <Button variant="outline" size="sm" disabled={job.busy} onClick={() => void read(result.ocr.next_pages ?? undefined)}>
                Read the next pages
              </Button>
            </div>
          )}
          {result ? (
            <Suspense fallback={null}>
              <OcrResultView result={result.ocr} fileName={result.fileName} imageUrl={imageUrl} />
            </Suspense>
          ) : (
            <p className="text-sm text-muted-foreground">Choose an image and press “Read text”. The text appears here with a box around every word it found.</p>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
