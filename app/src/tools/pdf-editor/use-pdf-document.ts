import { useCallback, useState } from 'react'
import { ApiError } from '@/lib/api/client'
import { pdfInfo, pdfThumbnails } from '@/tools/pdf-editor/pdf-api'
import { tilesFor, type PageTile } from '@/tools/pdf-editor/pdf-editor.service'
import type { JobStep } from '@/tools/pdf-editor/use-pdf-job'

export interface PdfSource {
  file: File
  password: string
  pageCount: number
  encrypted: boolean
  /** Title, author… as the file states them, to start the Properties form from. */
  metadata: Record<string, string | null>
}

/** A protected PDF waiting for its password before it can join the grid. */
export interface PasswordRequest {
  file: File
  mode: 'open' | 'add'
  wrong: boolean
}

export const THUMBNAIL_WIDTH = 180

type Run = <T>(label: string, work: (job: JobStep) => Promise<T>, errorTitle?: string) => Promise<T | null>

/** Loads PDFs into the grid: info for the page count, then one thumbnail per page. */
export async function loadPdf(file: File, password: string, job: JobStep): Promise<{ source: PdfSource; thumbnails: Map<number, string> }> {
  const info = await pdfInfo(file, password, job)
  const thumbnails = await pdfThumbnails(file, password, THUMBNAIL_WIDTH, job.step(`Drawing ${info.pages} page${info.pages === 1 ? '' : 's'}`))
  return {
    source: { file, password, pageCount: info.pages, encrypted: info.encrypted, metadata: info.metadata ?? {} },
    thumbnails: new Map(thumbnails.map((thumbnail) => [thumbnail.page, thumbnail.data_url])),
  }
}

const needsPassword = (error: unknown) => error instanceof ApiError && (error.code === 'pdf_password_required' || error.code === 'pdf_wrong_password')

/** The PDFs being edited and their pages as tiles, in the order the user arranged them. */
export function usePdfDocument(run: Run) {
  // One state for both: a tile's `source` indexes `sources`, so they change together.
  const [doc, setDoc] = useState<{ sources: PdfSource[]; tiles: PageTile[] }>({ sources: [], tiles: [] })
  const setTiles = useCallback((update: (tiles: PageTile[]) => PageTile[]) => setDoc((current) => ({ ...current, tiles: update(current.tiles) })), [])
  const [passwordRequest, setPasswordRequest] = useState<PasswordRequest | null>(null)

  const open = useCallback(
    async (file: File, mode: 'open' | 'add', password = '') => {
      let locked = false
      const loaded = await run(`Reading ${file.name}`, async (job) => {
        try {
          return await loadPdf(file, password, job)
        } catch (error) {
          if (!needsPassword(error)) throw error
          locked = true
          setPasswordRequest({ file, mode, wrong: password !== '' })
          return null
        }
      }, `Could not open ${file.name}`)
      if (!loaded) return locked ? 'password' : 'failed'
      setPasswordRequest(null)
      setDoc((current) =>
        mode === 'open'
          ? { sources: [loaded.source], tiles: tilesFor(0, loaded.source.pageCount, loaded.thumbnails) }
          : { sources: [...current.sources, loaded.source], tiles: [...current.tiles, ...tilesFor(current.sources.length, loaded.source.pageCount, loaded.thumbnails)] },
      )
      return 'loaded'
    },
    [run],
  )

  const openFiles = useCallback(
    async (files: File[], replace: boolean) => {
      for (const [index, file] of files.entries()) {
        const outcome = await open(file, replace && index === 0 ? 'open' : 'add')
        if (outcome === 'password') break // one prompt at a time; the rest can be added after it
      }
    },
    [open],
  )

  const close = useCallback(() => {
    setDoc({ sources: [], tiles: [] })
    setPasswordRequest(null)
  }, [])

  return { sources: doc.sources, tiles: doc.tiles, setTiles, open, openFiles, close, passwordRequest, dismissPassword: () => setPasswordRequest(null) }
}
