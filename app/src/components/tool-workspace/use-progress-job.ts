import { useCallback, useRef, useState } from 'react'
import type { JobPhase } from '@/components/tool-workspace/job-progress'
import { whileBusy } from '@/lib/api/busy'
import { toApiError } from '@/lib/api/client'
import { sendProgressJob, type ProgressJobRequest, type ProgressJobResult } from '@/lib/api/send-progress-job'
import { notify } from '@/lib/notify'

type Request = Omit<ProgressJobRequest, 'signal' | 'onUploadProgress' | 'onUploaded' | 'onProgress'>

const BUSY_RETRIES = 4

/**
 * One long job at a time with its real progress: the upload, then the server's own steps ("OCR: 3 of
 * 10 pages"), then the result. Busy job slots are waited for; any other error is a toast with the
 * BFF's message, and the caller's files and choices stay as they were.
 */
export function useProgressJob(errorTitle = 'That did not work') {
  const [phase, setPhase] = useState<JobPhase | null>(null)
  const controller = useRef<AbortController | null>(null)

  const run = useCallback(
    async <Report,>(request: Request): Promise<ProgressJobResult<Report> | null> => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      try {
        return await whileBusy(
          () => {
            setPhase({ kind: 'uploading', loaded: 0, total: 0 })
            return sendProgressJob<Report>({
              ...request,
              signal: current.signal,
              onUploadProgress: (loaded, total) => setPhase({ kind: 'uploading', loaded, total }),
              onUploaded: () => setPhase({ kind: 'processing' }),
              onProgress: (line) => setPhase({ kind: 'working', stage: line.stage, done: line.done, total: line.total, unit: line.unit }),
            })
          },
          current.signal,
          { retries: BUSY_RETRIES, stepMs: 1500, onWait: () => setPhase({ kind: 'processing' }) },
        )
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) notify.error(errorTitle, toApiError(error).message)
        return null
      } finally {
        if (controller.current === current) {
          controller.current = null
          setPhase(null)
        }
      }
    },
    [errorTitle],
  )

  const cancel = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    setPhase(null)
    notify.info('Cancelled', 'Nothing was changed; your files are still here.')
  }, [])

  return { phase, run, cancel, busy: phase !== null }
}
