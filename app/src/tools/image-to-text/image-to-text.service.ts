// Pure parts of image to text: options, how word boxes sit on the image, confidence shading and
// keyboard movement between words.
import type { ApiSchemas } from '@/lib/api/client'

export type OcrResult = ApiSchemas['OcrResult']
export type OcrWord = ApiSchemas['OcrPage']['words'][number]

export const DEFAULT_LANGUAGES = ['eng']
export const SETTINGS_KEY = 'image-to-text-settings'

/** Tesseract page segmentation modes worth offering, in plain words. */
export const PSM_MODES = [
  { value: 3, label: 'Automatic (pages, columns)' },
  { value: 4, label: 'A single column' },
  { value: 6, label: 'A single block of text' },
  { value: 7, label: 'A single line' },
  { value: 8, label: 'A single word' },
  { value: 11, label: 'Sparse text (labels, signs)' },
  { value: 1, label: 'Automatic with orientation detection' },
] as const

export interface OcrSettings {
  languages: string[]
  psm: number
  preprocess: boolean
}

export const DEFAULT_SETTINGS: OcrSettings = { languages: DEFAULT_LANGUAGES, psm: 3, preprocess: true }

export function isSettings(value: unknown): value is OcrSettings {
  const v = value as Partial<OcrSettings> | null
  return !!v && Array.isArray(v.languages) && v.languages.every((code) => typeof code === 'string') && typeof v.psm === 'number' && typeof v.preprocess === 'boolean'
}

/** Adds or removes one language; at least one always stays chosen. */
export function toggleLanguage(chosen: readonly string[], code: string): string[] {
  if (!chosen.includes(code)) return [...chosen, code]
  return chosen.length > 1 ? chosen.filter((item) => item !== code) : [...chosen]
}

/** Keeps only languages the server has; falls back to English or the first one it offers. */
export function availableChoice(chosen: readonly string[], installed: readonly string[]): string[] {
  const kept = chosen.filter((code) => installed.includes(code))
  if (kept.length > 0) return kept
  return installed.includes('eng') ? ['eng'] : installed.slice(0, 1)
}

/** A word box as percentages of the image, so the overlay scales with the displayed image. */
export function boxStyle(box: OcrWord['box'], width: number, height: number): { left: string; top: string; width: string; height: string } {
  const pct = (value: number, of: number) => `${((value / of) * 100).toFixed(3)}%`
  return { left: pct(box.left, width), top: pct(box.top, height), width: pct(box.width, width), height: pct(box.height, height) }
}

export type ConfidenceBand = 'high' | 'medium' | 'low'

export function confidenceBand(confidence: number): ConfidenceBand {
  if (confidence >= 85) return 'high'
  if (confidence >= 60) return 'medium'
  return 'low'
}

/** Arrow keys walk the words in reading order; Home/End jump to the ends. */
export function nextWordIndex(current: number | null, key: string, count: number): number | null {
  if (count === 0) return null
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  if (key === 'ArrowRight' || key === 'ArrowDown') return current === null ? 0 : Math.min(count - 1, current + 1)
  if (key === 'ArrowLeft' || key === 'ArrowUp') return current === null ? count - 1 : Math.max(0, current - 1)
  return current
}

/** "scan.png" → "scan.txt". */
export function textFileName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'text'
  return `${base}.txt`
}

export function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')
}

export function countWords(result: OcrResult): number {
  return result.pages.reduce((sum, page) => sum + page.words.length, 0)
}

/** The BFF reads a long PDF a window of pages per request: the next window's answer joins the earlier one. */
export function mergeOcrResults(earlier: OcrResult, later: OcrResult): OcrResult {
  const pages = [...earlier.pages, ...later.pages]
  const confidences = pages.flatMap((page) => page.words.map((word) => word.confidence))
  const mean = confidences.length ? confidences.reduce((sum, value) => sum + value, 0) / confidences.length : null
  return {
    ...later,
    pages,
    text: pages.map((page) => page.text).join('\n\n'),
    confidence: mean === null ? null : Math.round(mean * 10) / 10,
  }
}

/** "2 of 30 pages read" for a result that leaves pages for another request. */
export function pagesReadSummary(result: OcrResult): string {
  return `${result.pages.length} of ${result.page_count} pages read`
}
