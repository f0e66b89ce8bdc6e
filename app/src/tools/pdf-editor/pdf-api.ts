// The BFF's PDF endpoints as the editor uses them. Every call is a multipart upload of the PDF
// (the BFF keeps nothing between calls), so each takes the file and, when protected, its password.
import { whileBusy } from '@/lib/api/busy'
import { ApiError } from '@/lib/api/client'
import { readBlobText } from '@/lib/api/read-blob'
import { sendMultipart, type MultipartPath, type ToolResponse } from '@/lib/api/send-multipart'
import { sendProgressJob, type JobProgressLine, type ProgressJobResult } from '@/lib/api/send-progress-job'

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
  /** The server's own steps of a long job ("OCR: 3 of 10 pages"). */
  onProgress?: (line: JobProgressLine) => void
}

type Fields = Record<string, string | number | boolean | undefined>

/** The BFF allows two jobs per client; another tab or tool may hold them, so a 429 waits and tries again. */
const BUSY_RETRIES = { retries: 4, stepMs: 1500 }

function send(request: Parameters<typeof sendMultipart>[0]): Promise<ToolResponse> {
  return whileBusy(() => sendMultipart(request), request.signal, BUSY_RETRIES)
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

/** A long operation answered as a progress stream (searchable, redact): its file and its report. */
export function pdfProgressJob<Report>(path: MultipartPath, file: Blob, name: string, fields: Fields, progress: Progress = {}): Promise<ProgressJobResult<Report>> {
  return whileBusy(() => sendProgressJob<Report>({ path, files: [asFile(file, name)], fields, ...progress }), progress.signal, BUSY_RETRIES)
}

/** A JSON answer of a PDF endpoint (e.g. the redaction preview). */
export function pdfJson<T>(path: MultipartPath, file: Blob, name: string, fields: Fields, progress: Progress = {}): Promise<T> {
  return json<T>(path, asFile(file, name), fields, progress)
}

export { asFile }
