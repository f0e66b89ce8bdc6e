// Long BFF jobs (searchable PDFs, redaction, batch metadata) answer as a progress stream: NDJSON
// `progress` lines while they work, then one `result` line with the file (base64) and a report, or an
// `error` line. Sent over XMLHttpRequest like every upload (real upload progress), read as it arrives.
import { ApiError, apiErrorFrom, authHeaders, type ApiSchemas } from '@/lib/api/client'
import type { MultipartPath } from '@/lib/api/send-multipart'

export type JobProgressLine = ApiSchemas['JobProgress']
type ErrorLine = ApiSchemas['JobStreamError']

export interface ProgressJobRequest {
  path: MultipartPath
  files: readonly File[]
  fields?: Record<string, string | number | boolean | undefined>
  signal?: AbortSignal
  onUploadProgress?: (loaded: number, total: number) => void
  onUploaded?: () => void
  onProgress?: (line: JobProgressLine) => void
}

export interface ProgressJobResult<Report> {
  blob: Blob
  filename: string
  contentType: string
  report: Report
}

interface ResultLine<Report> {
  type: 'result'
  filename: string | null
  content_type: string
  size: number
  report: Report
  data: string
}

type StreamLine<Report> = JobProgressLine | ResultLine<Report> | ErrorLine

/** Splits the text received so far into whole lines; `offset` is where the next unread line starts. */
export function readLines<Report>(text: string, offset: number): { lines: StreamLine<Report>[]; offset: number } {
  const lines: StreamLine<Report>[] = []
  let start = offset
  for (let end = text.indexOf('\n', start); end >= 0; end = text.indexOf('\n', start)) {
    const line = text.slice(start, end).trim()
    start = end + 1
    if (line) lines.push(JSON.parse(line) as StreamLine<Report>)
  }
  return { lines, offset: start }
}

export function base64ToBlob(data: string, type: string): Blob {
  const binary = atob(data)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index)
  return new Blob([bytes], { type })
}

const NETWORK_ERROR = 'The server could not be reached. Check your connection and try again.'
const CUT_OFF = 'The server stopped answering before the job finished. Please try again.'

export function sendProgressJob<Report>({ path, files, fields = {}, signal, onUploadProgress, onUploaded, onProgress }: ProgressJobRequest): Promise<ProgressJobResult<Report>> {
  const form = new FormData()
  for (const file of files) form.append('file', file, file.name)
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value))

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    let offset = 0
    let settled = false
    const finish = (outcome: () => void) => {
      if (!settled) {
        settled = true
        outcome()
      }
    }
    const consume = () => {
      if (xhr.status < 200 || xhr.status >= 300 || settled) return
      let read
      try {
        read = readLines<Report>(xhr.responseText, offset)
      } catch {
        finish(() => reject(new ApiError(502, 'bad_response', 'The server sent an answer this page cannot read. Please try again.')))
        return
      }
      offset = read.offset
      for (const line of read.lines) {
        if (line.type === 'progress') onProgress?.(line)
        else if (line.type === 'error') finish(() => reject(new ApiError(422, line.error.code, line.error.message)))
        else if (line.type === 'result') {
          const type = line.content_type || 'application/octet-stream'
          finish(() => resolve({ blob: base64ToBlob(line.data, type), filename: line.filename ?? 'result', contentType: type, report: line.report }))
        }
      }
    }
    xhr.open('POST', path)
    xhr.responseType = 'text'
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => onUploadProgress?.(event.loaded, event.lengthComputable ? event.total : 0)
    xhr.upload.onload = () => onUploaded?.()
    xhr.onprogress = consume
    xhr.onerror = () => finish(() => reject(new ApiError(0, 'network_error', NETWORK_ERROR)))
    xhr.onabort = () => finish(() => reject(new DOMException('The upload was cancelled', 'AbortError')))
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        let body: unknown = null
        try {
          body = JSON.parse(xhr.responseText)
        } catch {
          // not JSON: the generic message
        }
        finish(() => reject(apiErrorFrom(xhr.status, body)))
        return
      }
      consume()
      finish(() => reject(new ApiError(502, 'stream_cut', CUT_OFF)))
    }
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'))
        return
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true })
    }
    xhr.send(form)
  })
}
