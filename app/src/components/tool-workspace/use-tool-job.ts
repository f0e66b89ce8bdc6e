import { useCallback, useRef, useState } from 'react'
import type { JobPhase } from '@/components/tool-workspace/job-progress'
import type { ToolResult } from '@/components/tool-workspace/result-preview'
import { toApiError } from '@/lib/api/client'
import { sendMultipart, type MultipartRequest } from '@/lib/api/send-multipart'
import { notify } from '@/lib/notify'

type JobRequest = Omit<MultipartRequest, 'signal' | 'onUploadProgress' | 'onUploaded'>

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/**
 * One upload-and-process job at a time: progress from real upload events, then "processing", then
 * the result. A BFF error becomes an error toast with its own message; the caller's files and
 * options are untouched, so the user can fix one thing and run again.
 */
export function useToolJob(errorTitle = 'That did not work') {
  const [phase, setPhase] = useState<JobPhase | null>(null)
  const [results, setResults] = useState<ToolResult[]>([])
  const controller = useRef<AbortController | null>(null)

  const run = useCallback(
    async (request: JobRequest, name: (filename: string | null) => string = (filename) => filename ?? 'result') => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      setResults([])
      setPhase({ kind: 'uploading', loaded: 0, total: 0 })
      try {
        const response = await sendMultipart({
          ...request,
          signal: current.signal,
          onUploadProgress: (loaded, total) => setPhase({ kind: 'uploading', loaded, total }),
          onUploaded: () => setPhase({ kind: 'processing' }),
        })
        const inputSize = request.files.reduce((sum, file) => sum + file.size, 0)
        const blob = response.blob.type ? response.blob : new Blob([response.blob], { type: response.contentType })
        const result = { name: name(response.filename), blob, inputSize }
        setResults([result])
        notify.succeeded(errorTitle)  // a retry that worked takes its earlier error away
        return result
      } catch (error) {
        if (!isAbort(error)) notify.failed(errorTitle, errorTitle, toApiError(error).message)
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

  return { phase, results, setResults, run, cancel, busy: phase !== null }
}
