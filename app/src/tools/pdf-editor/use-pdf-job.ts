import { useCallback, useRef, useState } from 'react'
import type { JobPhase } from '@/components/tool-workspace/job-progress'
import { toApiError } from '@/lib/api/client'
import { notify } from '@/lib/notify'
import type { Progress } from '@/tools/pdf-editor/pdf-api'

export interface JobStep extends Progress {
  /** Marks the start of the next upload of a chained job (e.g. merge, then extract, then rotate). */
  step: (label: string) => Progress
}

/**
 * One PDF job at a time, made of one or more uploads, each with real upload progress. A failure
 * shows the BFF's message in a toast; the pages and options stay as they were.
 */
export function usePdfJob() {
  const [phase, setPhase] = useState<(JobPhase & { label: string }) | null>(null)
  const controller = useRef<AbortController | null>(null)

  const run = useCallback(async <T,>(label: string, work: (job: JobStep) => Promise<T>, errorTitle = 'That did not work'): Promise<T | null> => {
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    const progressFor = (stepLabel: string): Progress => {
      setPhase({ kind: 'uploading', loaded: 0, total: 0, label: stepLabel })
      return {
        signal: current.signal,
        onUploadProgress: (loaded, total) => setPhase({ kind: 'uploading', loaded, total, label: stepLabel }),
        onUploaded: () => setPhase({ kind: 'processing', label: stepLabel }),
        onProgress: (line) => setPhase({ kind: 'working', stage: line.stage, done: line.done, total: line.total, unit: line.unit, label: stepLabel }),
      }
    }
    try {
      const result = await work({ ...progressFor(label), step: progressFor })
      notify.succeeded(errorTitle)
      return result
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) notify.failed(errorTitle, errorTitle, toApiError(error).message)
      return null
    } finally {
      if (controller.current === current) {
        controller.current = null
        setPhase(null)
      }
    }
  }, [])

  const cancel = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    setPhase(null)
    notify.info('Cancelled', 'Nothing was changed; your pages are still here.')
  }, [])

  return { phase, run, cancel, busy: phase !== null }
}
