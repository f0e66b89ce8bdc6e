import { AlertCircle, CheckCircle2, Download, Images, X } from 'lucide-react'
import { useId, useState } from 'react'
import { DropZone } from '@/components/tool-workspace/drop-zone'
import { downloadBlob } from '@/components/tool-workspace/download'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { JobProgress } from '@/components/tool-workspace/job-progress'
import { useProgressJob } from '@/components/tool-workspace/use-progress-job'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { HEIC_ACCEPT } from '@/lib/heic'
import { cn } from '@/lib/utils'
import { BATCH_ACTIONS, batchButtonText, batchSummary, removedText, type BatchAction, type BatchReport } from '@/tools/image-metadata/batch.service'

const MAX_FILES = 100

/** Many photos, one choice, one ZIP: the server cleans them one by one and says what it removed from each. */
export function BatchCleaner() {
  const [files, setFiles] = useState<File[]>([])
  const [action, setAction] = useState<BatchAction>('remove-gps')
  const [result, setResult] = useState<{ blob: Blob; name: string; report: BatchReport } | null>(null)
  const job = useProgressJob('Could not clean the photos')
  const choiceName = useId()

  const add = (more: File[]) => {
    setFiles((current) => [...current, ...more].slice(0, MAX_FILES))
    setResult(null)
  }
  const clean = async () => {
    setResult(null)
    const answer = await job.run<BatchReport>({ path: '/api/tools/metadata/batch', files, fields: { action } })
    if (answer) setResult({ blob: answer.blob, name: answer.filename, report: answer.report })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Images className="size-4" aria-hidden /> Many photos at once
        </CardTitle>
        <CardDescription>JPEG, PNG, WebP and HEIC, up to {MAX_FILES} photos and 25 MB each. Pixels are never re-encoded; you get one ZIP.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <DropZone onFiles={add} accept={`image/*,${HEIC_ACCEPT}`} hint="JPEG, PNG, WebP, HEIC or TIFF photos" acceptPaste={false} disabled={job.busy} />
        {files.length > 0 && (
          <ul aria-label="Photos to clean" className="flex max-h-48 flex-col divide-y overflow-y-auto rounded-lg border text-sm">
            {files.map((file, index) => (
              <li key={`${index}-${file.name}`} className="flex items-center gap-2 px-3 py-1.5">
                <span className="min-w-0 flex-1 truncate">{file.name}</span>
                <span className="text-muted-foreground tabular-nums">{formatBytes(file.size)}</span>
                <Button variant="ghost" size="icon" className="size-7" aria-label={`Remove ${file.name}`} disabled={job.busy} onClick={() => setFiles(files.filter((_, other) => other !== index))}>
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">For every photo</legend>
          {(Object.keys(BATCH_ACTIONS) as BatchAction[]).map((value) => (
            <label key={value} className={cn('flex cursor-pointer items-start gap-3 rounded-lg border p-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring', action === value && 'border-primary bg-primary/5')}>
              <input type="radio" name={choiceName} value={value} checked={action === value} onChange={() => setAction(value)} className="mt-1 accent-primary" />
              <span className="flex flex-col">
                <span className="font-medium">{BATCH_ACTIONS[value].label}</span>
                <span className="text-muted-foreground">{BATCH_ACTIONS[value].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void clean()} disabled={files.length === 0 || job.busy}>
            {batchButtonText(action, files.length)}
          </Button>
          {files.length > 0 && (
            <Button variant="ghost" onClick={() => { setFiles([]); setResult(null) }} disabled={job.busy}>
              Clear
            </Button>
          )}
        </div>
        {job.phase && <JobProgress phase={job.phase} onCancel={job.cancel} />}
        {result && (
          <section aria-label="Batch result" className="flex flex-col gap-3 border-t pt-4" data-testid="batch-result">
            <p className="text-sm font-medium" role="status">
              {batchSummary(result.report)}
            </p>
            <ul className="flex flex-col gap-2 text-sm" aria-label="Per-file report">
              {result.report.files.map((entry, index) => (
                <li key={`${index}-${entry.name}`} className="flex items-start gap-2 rounded-lg border p-2">
                  {entry.status === 'done' ? <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden /> : <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />}
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-medium">{entry.status === 'done' ? `${entry.name} → ${entry.output}` : entry.name}</span>
                    <span className={entry.status === 'done' ? 'text-muted-foreground' : 'text-destructive'}>{removedText(entry, result.report.action)}</span>
                  </span>
                </li>
              ))}
            </ul>
            <div>
              <Button onClick={() => downloadBlob(result.blob, result.name)}>
                <Download aria-hidden /> Download {result.name} ({formatBytes(result.blob.size)})
              </Button>
            </div>
          </section>
        )}
      </CardContent>
    </Card>
  )
}
