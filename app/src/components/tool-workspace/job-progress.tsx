import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'

export type JobPhase =
  | { kind: 'uploading'; loaded: number; total: number }
  | { kind: 'processing' }
  /** A long job reporting how far it is (the BFF's progress stream): "OCR: 3 of 10 pages". */
  | { kind: 'working'; stage: string; done: number; total: number | null; unit: string }

/** "OCR: 3 of 10 pages" (or "Cleaning: 2 files" when the total is unknown). */
export function workingLabel(phase: Extract<JobPhase, { kind: 'working' }>): string {
  const plural = (count: number) => `${phase.unit}${count === 1 ? '' : 's'}`
  if (phase.total === null) return `${phase.stage}: ${phase.done} ${plural(phase.done)}`
  return `${phase.stage}: ${Math.min(phase.done, phase.total)} of ${phase.total} ${plural(phase.total)}`
}

/** Upload progress from the browser's real upload events, then an indeterminate "processing" state. */
/** `label` names the step of a chained job ("Merging 2 files"); without it the generic wording shows. */
export function JobProgress({ phase, onCancel, label }: { phase: JobPhase; onCancel: () => void; label?: string }) {
  const percent =
    phase.kind === 'uploading' && phase.total > 0
      ? Math.round((phase.loaded / phase.total) * 100)
      : phase.kind === 'working' && phase.total
        ? Math.round((Math.min(phase.done, phase.total) / phase.total) * 100)
        : null
  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-muted/30 p-3" role="status" aria-live="polite">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="flex items-center gap-2">
          <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
          {label && `${label}: `}
          {phase.kind === 'uploading' ? `Uploading… ${percent ?? 0}%` : phase.kind === 'working' ? workingLabel(phase) : label ? 'working…' : 'Processing…'}
        </span>
        <Button variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {phase.kind === 'uploading' ? (
        <Progress value={percent ?? 0} aria-label="Upload progress" />
      ) : phase.kind === 'working' && percent !== null ? (
        <Progress value={percent} aria-label={`${phase.stage} progress`} />
      ) : (
        <div className="relative h-2 overflow-hidden rounded-full bg-secondary" aria-hidden>
          <div className="absolute inset-y-0 w-1/3 [animation:progress-slide_1.2s_ease-in-out_infinite] rounded-full bg-primary" />
        </div>
      )}
    </div>
  )
}
