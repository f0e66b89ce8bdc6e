import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ToolResponse } from '@/lib/api/send-multipart'
import * as pdfApi from '@/tools/pdf-editor/pdf-api'
import { moveTile, rotateTiles, tilesFor } from '@/tools/pdf-editor/pdf-editor.service'
import { buildEdited } from '@/tools/pdf-editor/pdf-operations'
import type { PdfSource } from '@/tools/pdf-editor/use-pdf-document'
import type { JobStep } from '@/tools/pdf-editor/use-pdf-job'

// The BFF calls are the boundary: record each one and answer a PDF named after the step.
const calls: { path: string; names: readonly string[]; fields: Record<string, unknown> }[] = []
beforeEach(() => {
  vi.spyOn(pdfApi, 'asFile').mockImplementation((blob: Blob, name: string) => new File([blob], name))
  vi.spyOn(pdfApi, 'pdfThumbnails').mockImplementation(async () => [])
  vi.spyOn(pdfApi, 'pdfOperation').mockImplementation(async (path, _files, names, fields): Promise<ToolResponse> => {
    calls.push({ path, names, fields })
    return { status: 200, blob: new Blob([path], { type: 'application/pdf' }), contentType: 'application/pdf', filename: null, header: () => null }
  })
})

const job: JobStep = { step: () => ({}) }
const source = (name: string, pageCount: number, password = ''): PdfSource => ({ file: new File(['%PDF'], name), password, pageCount, encrypted: password !== '', metadata: {} })

beforeEach(() => {
  calls.length = 0
})

describe('buildEdited', () => {
  it('sends nothing when one file is untouched', async () => {
    const original = source('a.pdf', 3)
    const working = await buildEdited([original], tilesFor(0, 3), job)
    expect(calls).toEqual([])
    expect(working.blob).toBe(original.file)
  })

  it('extracts in the new order without deleted pages, then turns pages numbered after that', async () => {
    const tiles = rotateTiles(moveTile(tilesFor(0, 4), 3, 0).filter((tile) => tile.page !== 2), 90, '0:4')
    const working = await buildEdited([source('report.pdf', 4, 's3cret')], tiles, job)
    expect(calls.map(({ path, fields }) => [path, fields])).toEqual([
      ['/api/tools/pdf/extract', { password: 's3cret', pages: '4,1,3' }],
      ['/api/tools/pdf/rotate', { password: 's3cret', rotations: '{"1":90}' }],
    ])
    expect(working).toMatchObject({ name: 'report-edited.pdf', password: 's3cret' })
  })

  it('merges several files first, in the order they were added', async () => {
    const working = await buildEdited([source('a.pdf', 1), source('b.pdf', 2)], [...tilesFor(0, 1), ...tilesFor(1, 2)], job)
    expect(calls).toEqual([{ path: '/api/tools/pdf/merge', names: ['a.pdf', 'b.pdf'], fields: { password: undefined } }])
    expect(working.name).toBe('a-merged.pdf')
  })
})
