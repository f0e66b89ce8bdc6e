import { useEffect, useState } from 'react'
import { toApiError } from '@/lib/api/client'
import { sendMultipart } from '@/lib/api/send-multipart'
import { comparable } from '@/tools/converter/compare'
import { convertFields, type ConvertOptions } from '@/tools/converter/converter.service'

export const PREVIEW_DELAY_MS = 500

export type PreviewState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; blob: Blob } | { status: 'error'; message: string }

/**
 * The first image converted with the current options, for judging quality before converting the
 * lot: made PREVIEW_DELAY_MS after the last change (a slider being dragged sends one request, not
 * fifty), and a change while one is on its way cancels it.
 */
export function useQualityPreview(file: File | null, options: ConvertOptions, enabled: boolean): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'idle' })
  const fields = JSON.stringify(file ? convertFields(options, 'image') : null)
  const active = enabled && file !== null && comparable(options.target)
  useEffect(() => {
    if (!active || !file) {
      setState({ status: 'idle' })
      return
    }
    const controller = new AbortController()
    setState({ status: 'loading' })
    const timer = setTimeout(() => {
      sendMultipart({ path: '/api/tools/convert', files: [file], fields: JSON.parse(fields) as Record<string, string>, signal: controller.signal })
        .then((answer) => setState({ status: 'ready', blob: answer.blob.type ? answer.blob : new Blob([answer.blob], { type: answer.contentType }) }))
        .catch((error: unknown) => {
          if (!(error instanceof DOMException && error.name === 'AbortError')) setState({ status: 'error', message: toApiError(error).message })
        })
    }, PREVIEW_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [active, file, fields])
  return state
}
