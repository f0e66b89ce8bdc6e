// Multipart uploads to the BFF's tools over XMLHttpRequest: fetch cannot report upload progress,
// and the workspace shows a real progress bar from the browser's own upload events.
import { ApiError, apiErrorFrom, authHeaders, type ApiPaths } from '@/lib/api/client'
import { readBlobText } from '@/lib/api/read-blob'

/** The BFF paths that take a multipart upload (read from the generated OpenAPI types). */
export type MultipartPath = {
  [P in keyof ApiPaths]: ApiPaths[P] extends { post: { requestBody?: { content: { 'multipart/form-data': unknown } } } } ? P : never
}[keyof ApiPaths]

export interface MultipartRequest {
  path: MultipartPath
  files: readonly File[]
  fields?: Record<string, string | number | boolean | undefined>
  signal?: AbortSignal
  onUploadProgress?: (loaded: number, total: number) => void
  /** The request body is fully sent; the server is working. */
  onUploaded?: () => void
}

export interface ToolResponse {
  status: number
  blob: Blob
  contentType: string
  filename: string | null
  header: (name: string) => string | null
}

/** `attachment; filename="a.png"; filename*=UTF-8''a.png` → the best name offered. */
export function filenameFromDisposition(disposition: string | null): string | null {
  if (!disposition) return null
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)
  if (extended) {
    try {
      return decodeURIComponent((extended[1] ?? '').trim())
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)
  return plain?.[1]?.trim() || null
}

export function sendMultipart({ path, files, fields = {}, signal, onUploadProgress, onUploaded }: MultipartRequest): Promise<ToolResponse> {
  const form = new FormData()
  for (const file of files) form.append('file', file, file.name)
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value))

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', path)
    xhr.responseType = 'blob'
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => onUploadProgress?.(event.loaded, event.lengthComputable ? event.total : 0)
    xhr.upload.onload = () => onUploaded?.()
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The server could not be reached. Check your connection and try again.'))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    xhr.onload = async () => {
      const blob = xhr.response as Blob
      const contentType = xhr.getResponseHeader('Content-Type') ?? blob.type
      if (xhr.status < 200 || xhr.status >= 300) {
        const body: unknown = await readBlobText(blob).then(JSON.parse).catch(() => null)
        reject(apiErrorFrom(xhr.status, body))
        return
      }
      resolve({
        status: xhr.status,
        blob,
        contentType,
        filename: filenameFromDisposition(xhr.getResponseHeader('Content-Disposition')),
        header: (name) => xhr.getResponseHeader(name),
      })
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
