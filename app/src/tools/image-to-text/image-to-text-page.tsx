import { FileText, ScanText, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { DropZone } from '@/components/tool-workspace/drop-zone'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { JobProgress } from '@/components/tool-workspace/job-progress'
import { useToolJob } from '@/components/tool-workspace/use-tool-job'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { toApiError } from '@/lib/api/client'
import { readBlobText } from '@/lib/api/read-blob'
import { notify } from '@/lib/notify'
import { readStorage, writeStorage } from '@/lib/storage'
import { availableChoice, DEFAULT_SETTINGS, isPdf, isSettings, mergeOcrResults, pagesReadSummary, SETTINGS_KEY, type OcrResult, type OcrSettings } from '@/tools/image-to-text/image-to-text.service'
import { fetchOcrLanguages } from '@/tools/image-to-text/ocr-languages'
import { OcrOptions } from '@/tools/image-to-text/ocr-options'
import { OcrResultView } from '@/tools/image-to-text/ocr-result'
import { useObjectUrl } from '@/components/tool-workspace/use-object-url'

export default function ImageToTextPage() {
  const [file, setFile] = useState<File | null>(null)
  const [installed, setInstalled] = useState<{ code: string; name: string }[]>([])
  const [settings, setSettings] = useState<OcrSettings>(() => readStorage(SETTINGS_KEY, DEFAULT_SETTINGS, isSettings))
  const [password, setPassword] = useState('')
  const [result, setResult] = useState<{ ocr: OcrResult; fileName: string } | null>(null)
  const job = useToolJob('Could not read the text')
  const imageUrl = useObjectUrl(file && !isPdf(file) ? file : null)

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
          {file ? (
            <div className="flex items-center gap-3 rounded-lg border p-2 text-sm" data-testid="chosen-file">
              {imageUrl ? <img src={imageUrl} alt="" className="size-12 rounded object-cover" /> : <FileText className="size-8 text-muted-foreground" aria-hidden />}
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{file.name}</span>
                <span className="text-muted-foreground">{formatBytes(file.size)}</span>
              </span>
              <Button variant="ghost" size="icon" aria-label={`Remove ${file.name}`} disabled={job.busy} onClick={() => {
                  setFile(null)
                  setResult(null)
                }}>
                <X aria-hidden />
              </Button>
            </div>
          ) : (
            <DropZone onFiles={choose} multiple={false} accept="image/*,.pdf,application/pdf" hint="Screenshots, photos, scans or a PDF, up to 25 MB" disabled={job.busy} />
          )}
          <OcrOptions settings={settings} onChange={changeSettings} installed={installed} showPassword={!!file && isPdf(file)} password={password} onPasswordChange={setPassword} />
          <Button onClick={() => void read()} disabled={!file || job.busy}>
            <ScanText aria-hidden />
            Read text
          </Button>
          {job.phase && <JobProgress phase={job.phase} onCancel={job.cancel} />}
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
            <OcrResultView result={result.ocr} fileName={result.fileName} imageUrl={imageUrl} />
          ) : (
            <p className="text-sm text-muted-foreground">Choose an image and press “Read text”. The text appears here with a box around every word it found.</p>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
