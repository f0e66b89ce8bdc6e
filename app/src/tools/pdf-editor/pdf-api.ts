// The BFF's PDF endpoints as the editor uses them. Every call is a multipart upload of the PDF
// (the BFF keeps nothing between calls), so each takes the file and, when protected, its password.
import { ApiError } from '@/lib/api/client'
import { readBlobText } from '@/lib/api/read-blob'
import { sendMultipart, type MultipartPath, type ToolResponse } from '@/lib/api/send-multipart'

export interface PdfInfo {
  pages: number
  encrypted: boolean
  page_sizes: { page: number; width_pt: number; height_pt: number; rotation: number }[]
  metadata: Record<string, string | null>
}

export interface Thumbnail {
  page: number
  width: number
  height: number
  data_url: string
}

export interface Progress {
  signal?: AbortSignal
  onUploadProgress?: (loaded: number, total: number) => void
  onUploaded?: () => void
}

type Fields = Record<string, string | number | boolean | undefined>

const BUSY_RETRIES = 4

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(new DOMException('The upload was cancelled', 'AbortError'))
    })
  })
}

/** The BFF allows two jobs per client; another tab or tool may hold them, so a 429 waits and tries again. */
async function send(request: Parameters<typeof sendMultipart>[0]): Promise<ToolResponse> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await sendMultipart(request)
    } catch (error) {
      if (!(error instanceof ApiError && (error.code === 'too_many_jobs' || error.code === 'busy')) || attempt >= BUSY_RETRIES) throw error
      await wait(1500 * (attempt + 1), request.signal)
    }
  }
}

const asFile = (blob: Blob, name: string) => (blob instanceof File ? blob : new File([blob], name, { type: 'application/pdf' }))

async function json<T>(path: MultipartPath, file: File, fields: Fields, progress: Progress = {}): Promise<T> {
  const response = await send({ path, files: [file], fields, ...progress })
  try {
    return JSON.parse(await readBlobText(response.blob)) as T
  } catch {
    throw new ApiError(502, 'bad_response', 'The server sent an answer that could not be read. Please try again.')
  }
}

export function pdfInfo(file: File, password: string, progress?: Progress): Promise<PdfInfo> {
  return json<PdfInfo>('/api/tools/pdf/info', file, { password: password || undefined }, progress)
}

interface ThumbnailWindow {
  thumbnails: Thumbnail[]
  /** The pages still to draw, as `pages` for the next request; null once every page is drawn. */
  next_pages: string | null
}

/** Every page's thumbnail. The BFF draws a window of pages per request (50, at most 8 MB) and names the rest. */
export async function pdfThumbnails(file: File, password: string, width: number, progress?: Progress): Promise<Thumbnail[]> {
  const thumbnails: Thumbnail[] = []
  let pages: string | undefined
  do {
    const answer: ThumbnailWindow = await json<ThumbnailWindow>('/api/tools/pdf/thumbnails', file, { password: password || undefined, width, pages }, progress)
    thumbnails.push(...answer.thumbnails)
    pages = answer.next_pages ?? undefined
  } while (pages)
  return thumbnails
}

/** Runs one operation on one PDF (or several, for merge) and answers the file the BFF made. */
export function pdfOperation(path: MultipartPath, files: readonly Blob[], names: readonly string[], fields: Fields, progress: Progress = {}): Promise<ToolResponse> {
  return send({ path, files: files.map((blob, index) => asFile(blob, names[index] ?? 'document.pdf')), fields, ...progress })
}

export { asFile }
