import { useEffect, useState } from 'react'
import { whileBusy } from '@/lib/api/busy'
import { toApiError } from '@/lib/api/client'
import { sendMultipart, type MultipartRequest } from '@/lib/api/send-multipart'
import { comparable } from '@/tools/converter/compare'
import { convertFields, type ConvertOptions } from '@/tools/converter/converter.service'

export const PREVIEW_DELAY_MS = 500
const BUSY_RETRIES = { retries: 4, stepMs: 1000 }

export type PreviewState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; blob: Blob } | { status: 'error'; message: string }

const IDLE: PreviewState = { status: 'idle' }
const LOADING: PreviewState = { status: 'loading' }

/**
 * The first image converted with the current options, for judging quality before converting the
 * lot: made PREVIEW_DELAY_MS after the last change (a slider being dragged sends one request, not
 * fifty), and a change while one is on its way cancels it.
 */
export function useQualityPreview(file: File | null, options: ConvertOptions, enabled: boolean): PreviewState {
  // The answer is kept with the file and options it is for: other ones are 'loading' until theirs.
  const [answer, setAnswer] = useState<{ file: File; fields: string; state: PreviewState } | null>(null)
  const fields = JSON.stringify(file ? convertFields(options, 'image') : null)
  const active = enabled && file !== null && comparable(options.target)
  useEffect(() => {
    if (!active || !file) return
    const controller = new AbortController()
    const settle = (state: PreviewState) => setAnswer({ file, fields, state })
    const timer = setTimeout(() => {
      const request: MultipartRequest = { path: '/api/tools/convert', files: [file], fields: JSON.parse(fields) as Record<string, string>, signal: controller.signal }
      // The request a change cancelled can hold a job slot a moment longer: "not now" waits, it is no error.
      whileBusy(() => sendMultipart(request), controller.signal, BUSY_RETRIES)
        .then((reply) => settle({ status: 'ready', blob: reply.blob.type ? reply.blob : new Blob([reply.blob], { type: reply.contentType }) }))
        .catch((error: unknown) => {
          if (!(error instanceof DOMException && error.name === 'AbortError')) settle({ status: 'error', message: toApiError(error).message })
        })
    }, PREVIEW_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [active, file, fields])
  if (!active || !file) return IDLE
  return answer?.file === file && answer.fields === fields ? answer.state : LOADING
}
