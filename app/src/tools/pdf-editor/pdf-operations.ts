// Turns the grid plus one chosen operation into BFF calls, and their answers into a previewable result.
import { isZip, unzipBlob } from '@/components/tool-workspace/unzip-results'
import { readBlobText } from '@/lib/api/read-blob'
import type { MultipartPath } from '@/lib/api/send-multipart'
import type { ApiSchemas } from '@/lib/api/client'
import { asFile, pdfOperation, pdfProgressJob, pdfThumbnails } from '@/tools/pdf-editor/pdf-api'
import { hasEdits, planEdits, suffixedName, type PageTile } from '@/tools/pdf-editor/pdf-editor.service'
import type { PdfResult } from '@/tools/pdf-editor/pdf-result-view'
import { removedSummary, type RedactionReport } from '@/tools/pdf-editor/redaction.service'
import type { PdfSource } from '@/tools/pdf-editor/use-pdf-document'
import type { JobStep } from '@/tools/pdf-editor/use-pdf-job'

export const RESULT_THUMBNAIL_WIDTH = 120

export interface WorkingPdf {
  blob: Blob
  name: string
  password: string
}

type Fields = Record<string, string | number | boolean | undefined>

/** The document as the grid shows it: merged, reordered, trimmed and turned — only the calls needed. */
export async function buildEdited(sources: readonly PdfSource[], tiles: readonly PageTile[], job: JobStep): Promise<WorkingPdf> {
  const first = sources[0]
  if (!first) throw new Error('No PDF is open')
  const plan = planEdits(tiles, sources.map((source) => source.pageCount))
  const password = first.password
  let current: WorkingPdf = { blob: first.file, name: first.file.name, password }
  if (!hasEdits(plan)) return current
  const step = (path: MultipartPath, label: string, fields: Fields, files: readonly Blob[] = [current.blob], names = [current.name]) =>
    pdfOperation(path, files, names, { password: password || undefined, ...fields }, job.step(label))
  if (plan.merge) {
    const merged = await step('/api/tools/pdf/merge', `Merging ${sources.length} files`, {}, sources.map((source) => source.file), sources.map((source) => source.file.name))
    current = { ...current, blob: merged.blob }
  }
  if (plan.keep) current = { ...current, blob: (await step('/api/tools/pdf/extract', 'Arranging pages', { pages: plan.keep })).blob }
  if (plan.rotations) current = { ...current, blob: (await step('/api/tools/pdf/rotate', 'Turning pages', { rotations: plan.rotations })).blob }
  return { ...current, name: suffixedName(first.file.name, plan.merge ? '-merged' : '-edited') }
}

async function pdfResult(title: string, working: WorkingPdf, blob: Blob, name: string, password: string, job: JobStep): Promise<Extract<PdfResult, { kind: 'pdf' }>> {
  const pages = await pdfThumbnails(asFile(blob, name), password, RESULT_THUMBNAIL_WIDTH, job.step('Drawing the result'))
  return { kind: 'pdf', title, name, blob: new Blob([blob], { type: 'application/pdf' }), inputSize: working.blob.size, pages, password }
}

/** Applies the grid's edits and shows the resulting pages. */
export async function applyPageEdits(sources: readonly PdfSource[], tiles: readonly PageTile[], job: JobStep): Promise<PdfResult> {
  const edited = await buildEdited(sources, tiles, job)
  const inputSize = sources.reduce((sum, source) => sum + source.file.size, 0)
  const result = await pdfResult('Edited PDF', edited, edited.blob, edited.name, edited.password, job)
  return { ...result, inputSize }
}

export interface Operation {
  title: string
  path: MultipartPath
  suffix: string
  fields: Fields
  /** The password the result opens with, when the operation changes it. */
  resultPassword?: (current: string) => string
}

/** Any single-file operation that answers a PDF, run on the edited document. */
export async function runPdfOperation(working: WorkingPdf, operation: Operation, job: JobStep): Promise<PdfResult> {
  const answer = await pdfOperation(operation.path, [working.blob], [working.name], { password: working.password || undefined, ...operation.fields }, job.step(operation.title))
  const name = answer.filename ?? suffixedName(working.name, operation.suffix)
  const password = operation.resultPassword ? operation.resultPassword(working.password) : working.password
  return pdfResult(operation.title, working, answer.blob, name, password, job)
}

export async function runSplit(working: WorkingPdf, fields: Fields, job: JobStep): Promise<PdfResult> {
  const answer = await pdfOperation('/api/tools/pdf/split', [working.blob], [working.name], { password: working.password || undefined, ...fields }, job.step('Splitting'))
  const files = isZip(answer.blob, answer.contentType)
    ? await unzipBlob(answer.blob, () => 'application/pdf')
    : [{ name: answer.filename ?? suffixedName(working.name, '-part'), blob: answer.blob }]
  const parts = []
  for (const [index, file] of files.entries()) {
    const pages = await pdfThumbnails(asFile(file.blob, file.name), working.password, RESULT_THUMBNAIL_WIDTH, job.step(`Drawing part ${index + 1} of ${files.length}`))
    parts.push({ ...file, pages })
  }
  return { kind: 'parts', title: 'Split into parts', parts, inputSize: working.blob.size }
}

export async function runExtractText(working: WorkingPdf, job: JobStep): Promise<PdfResult> {
  const answer = await pdfOperation('/api/tools/pdf/text', [working.blob], [working.name], { password: working.password || undefined }, job.step('Reading the text'))
  const body = JSON.parse(await readBlobText(answer.blob)) as { text: string }
  return { kind: 'text', title: 'Text of the PDF', name: working.name.replace(/\.pdf$/i, '') + '.txt', text: body.text.trim() }
}

/** Searchable: OCRmyPDF lays a text layer over every page; progress comes page by page. */
export async function runSearchable(working: WorkingPdf, fields: Fields, job: JobStep): Promise<PdfResult> {
  const answer = await pdfProgressJob<ApiSchemas['SearchableReport']>('/api/tools/pdf/searchable', working.blob, working.name, { password: working.password || undefined, ...fields }, job.step('Making it searchable'))
  const { report } = answer
  const notes = [
    `${report.pages} ${report.pages === 1 ? 'page' : 'pages'} read (${report.language.replaceAll('+', ', ')}); the words can now be searched, selected and copied`,
    report.pdfa ? `Saved as ${report.pdfa}, the archival PDF standard` : 'Saved as a regular PDF (not PDF/A)',
  ]
  return { ...(await pdfResult('Searchable PDF', working, answer.blob, answer.filename, working.password, job)), notes }
}

/** Redaction: the areas and every match removed from the file; the report becomes the result's notes. */
export async function runRedaction(working: WorkingPdf, fields: Fields, job: JobStep): Promise<PdfResult> {
  const answer = await pdfProgressJob<RedactionReport>('/api/tools/pdf/redact', working.blob, working.name, { password: working.password || undefined, ...fields }, job.step('Redacting'))
  return { ...(await pdfResult('Redacted PDF', working, answer.blob, answer.filename, working.password, job)), notes: removedSummary(answer.report) }
}
