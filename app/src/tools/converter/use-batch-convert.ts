import { useCallback, useRef, useState } from 'react'
import type { ToolResult } from '@/components/tool-workspace/result-preview'
import { isZip, unzipBlob } from '@/components/tool-workspace/unzip-results'
import { whileBusy } from '@/lib/api/busy'
import { toApiError } from '@/lib/api/client'
import { sendMultipart } from '@/lib/api/send-multipart'
import { notify } from '@/lib/notify'
import { countOf } from '@/lib/plural'
import { convertFields, detectKind, mimeFor, outputName, targetsFor, type ConvertOptions, type InputKind } from '@/tools/converter/converter.service'
import { useLatest } from '@/lib/use-latest'

export type FileState =
  | { status: 'ready' }
  | { status: 'queued' }
  | { status: 'waiting' }
  | { status: 'uploading'; loaded: number; total: number }
  | { status: 'processing' }
  | { status: 'done'; results: ToolResult[] }
  | { status: 'error'; message: string }
  | { status: 'skipped'; reason: string }

export interface ConvertItem {
  id: string
  file: File
  kind: InputKind | null
  state: FileState
}

/** The BFF runs at most two jobs per client at once; more would only queue there or answer 429. */
const PARALLEL_JOBS = 2
const BUSY_RETRIES = 5

let nextId = 0

async function toResults(file: File, blob: Blob, contentType: string, filename: string | null, options: ConvertOptions): Promise<ToolResult[]> {
  if (isZip(blob, contentType)) {
    // A many-page PDF comes back as one image per page in a ZIP: unpacked so every page is previewed.
    const parts = await unzipBlob(blob, mimeFor)
    return parts.map((part) => ({ ...part, inputSize: 0 }))
  }
  const name = filename ?? outputName(file.name, options.target)
  const typed = blob.type ? blob : new Blob([blob], { type: contentType || mimeFor(name) })
  return [{ name, blob: typed, inputSize: file.size }]
}

/**
 * One request per file, two at a time, each with its own progress and result, so one bad file
 * fails alone with the BFF's message and the others still convert.
 */
export function useBatchConvert() {
  const [items, setItems] = useState<ConvertItem[]>([])
  const [running, setRunning] = useState(false)
  const controller = useRef<AbortController | null>(null)
  // The latest list, for starting a run from an event handler without waiting for a render.
  const latest = useLatest(items)

  const update = useCallback((id: string, state: FileState) => setItems((current) => current.map((item) => (item.id === id ? { ...item, state } : item))), [])

  const addFiles = useCallback((files: File[]) => {
    setItems((current) => [...current, ...files.map((file): ConvertItem => ({ id: `file-${++nextId}`, file, kind: detectKind(file), state: { status: 'ready' } }))])
  }, [])

  const remove = useCallback((id: string) => setItems((current) => current.filter((item) => item.id !== id)), [])
  const clear = useCallback(() => setItems([]), [])

  const convertOne = useCallback(
    async (item: ConvertItem, options: ConvertOptions, signal: AbortSignal): Promise<boolean> => {
      const kind = item.kind
      if (!kind || !targetsFor(kind).includes(options.target)) return false
      try {
        const response = await whileBusy(
          () => {
            update(item.id, { status: 'uploading', loaded: 0, total: item.file.size })
            return sendMultipart({
              path: '/api/tools/convert',
              files: [item.file],
              fields: convertFields(options, kind),
              signal,
              onUploadProgress: (loaded, total) => update(item.id, { status: 'uploading', loaded, total }),
              onUploaded: () => update(item.id, { status: 'processing' }),
            })
          },
          signal,
          // Another tab or tool holds the job slots: wait for one instead of failing the file.
          { retries: BUSY_RETRIES, stepMs: 2000, onWait: () => update(item.id, { status: 'waiting' }) },
        )
        update(item.id, { status: 'done', results: await toResults(item.file, response.blob, response.contentType, response.filename, options) })
        return true
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error
        update(item.id, { status: 'error', message: toApiError(error).message })
        return false
      }
    },
    [update],
  )

  const convertAll = useCallback(
    async (options: ConvertOptions) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      const planned = latest.current.map((item): ConvertItem => {
        if (!item.kind) return { ...item, state: { status: 'skipped', reason: 'This file type cannot be converted.' } }
        if (!targetsFor(item.kind).includes(options.target)) return { ...item, state: { status: 'skipped', reason: `Cannot become ${options.target.toUpperCase()}.` } }
        return { ...item, state: { status: 'queued' } }
      })
      const queue = planned.filter((item) => item.state.status === 'queued')
      setItems(planned)
      setRunning(true)
      let failed = 0
      const worker = async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          try {
            if (!(await convertOne(item, options, current.signal))) failed += 1
          } catch {
            return // cancelled
          }
        }
      }
      try {
        await Promise.all(Array.from({ length: PARALLEL_JOBS }, worker))
      } finally {
        if (controller.current === current) {
          controller.current = null
          setRunning(false)
        }
      }
      if (!current.signal.aborted && failed > 0) notify.failed('convert', 'Some files were not converted', `${countOf(failed, 'file')} failed; the reason is shown beside each.`)
      else if (!current.signal.aborted) notify.succeeded('convert')
    },
    [convertOne, latest],
  )

  const cancel = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    setItems((all) => all.map((item) => (['queued', 'waiting', 'uploading', 'processing'].includes(item.state.status) ? { ...item, state: { status: 'ready' } } : item)))
    setRunning(false)
    notify.info('Cancelled', 'Nothing more will be converted; your files are still here.')
  }, [])

  return { items, addFiles, remove, clear, convertAll, cancel, running }
}
