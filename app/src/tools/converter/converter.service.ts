// What the converter can do with a file, decided before anything is uploaded: the BFF's
// /api/tools/convert takes images (→ any image format or PDF), PDFs (→ one image per page) and
// office documents (→ PDF through LibreOffice). The BFF checks magic bytes again; this only drives the UI.

export type InputKind = 'image' | 'pdf' | 'document'

export const TARGETS = ['png', 'jpeg', 'webp', 'avif', 'gif', 'bmp', 'tiff', 'ico', 'pdf'] as const
export type Target = (typeof TARGETS)[number]

export const TARGET_LABELS: Record<Target, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
  avif: 'AVIF',
  gif: 'GIF',
  bmp: 'BMP',
  tiff: 'TIFF',
  ico: 'ICO (icon)',
  pdf: 'PDF',
}

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'jfif', 'webp', 'avif', 'gif', 'bmp', 'tif', 'tiff', 'ico', 'heic', 'heif']
const DOCUMENT_EXTENSIONS = ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'txt']

/** The `accept` attribute for the picker: everything the BFF converts. */
export const CONVERTER_ACCEPT = ['image/*', '.pdf', ...IMAGE_EXTENSIONS, ...DOCUMENT_EXTENSIONS].map((item) => (item.includes('/') || item.startsWith('.') ? item : `.${item}`)).join(',')

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : ''
}

export function detectKind(file: { name: string; type: string }): InputKind | null {
  const extension = extensionOf(file.name)
  if (file.type === 'application/pdf' || extension === 'pdf') return 'pdf'
  if (file.type.startsWith('image/') || IMAGE_EXTENSIONS.includes(extension)) return 'image'
  if (DOCUMENT_EXTENSIONS.includes(extension) || file.type === 'text/plain') return 'document'
  return null
}

export function targetsFor(kind: InputKind | null): Target[] {
  if (kind === 'image') return [...TARGETS]
  if (kind === 'pdf') return TARGETS.filter((target) => target !== 'pdf')
  if (kind === 'document') return ['pdf']
  return []
}

/** Every target at least one of the files can reach, in the canonical order. */
export function availableTargets(kinds: readonly (InputKind | null)[]): Target[] {
  const reachable = new Set(kinds.flatMap(targetsFor))
  return TARGETS.filter((target) => reachable.has(target))
}

/** Keeps the user's choice when it is still reachable; otherwise the first sensible one. */
export function pickTarget(current: Target | null, available: readonly Target[]): Target | null {
  if (current && available.includes(current)) return current
  return available.find((target) => target === 'webp') ?? available[0] ?? null
}

export const supportsQuality = (target: Target) => target === 'jpeg' || target === 'webp' || target === 'avif'
export const supportsLossless = (target: Target) => target === 'webp'
/** Defaults the BFF uses when no quality is sent, shown as the slider's start. */
export const DEFAULT_QUALITY: Partial<Record<Target, number>> = { jpeg: 85, webp: 80, avif: 60 }

export type Fit = 'contain' | 'cover' | 'fill'

export interface ConvertOptions {
  target: Target
  quality: number
  lossless: boolean
  /** Empty text: keep the original size on that side. */
  width: string
  height: string
  fit: Fit
  stripMetadata: boolean
  dpi: number
  password: string
}

export function defaultOptions(target: Target = 'webp'): ConvertOptions {
  return { target, quality: DEFAULT_QUALITY[target] ?? 80, lossless: false, width: '', height: '', fit: 'contain', stripMetadata: true, dpi: 150, password: '' }
}

export const MAX_SIDE = 20000

/** A problem with a size box, or null. Empty is fine (keep the original). */
export function sideError(value: string): string | null {
  if (value.trim() === '') return null
  if (!/^\d+$/.test(value.trim())) return 'Enter a whole number of pixels.'
  const number = Number(value)
  if (number < 1 || number > MAX_SIDE) return `Use 1 to ${MAX_SIDE} pixels.`
  return null
}

/** The form fields for one file's request; only what applies to its kind and the target. */
export function convertFields(options: ConvertOptions, kind: InputKind): Record<string, string | number | boolean | undefined> {
  const fields: Record<string, string | number | boolean | undefined> = { format: options.target }
  if (kind === 'document') return fields
  if (supportsQuality(options.target) && !(options.lossless && supportsLossless(options.target))) fields.quality = options.quality
  if (options.lossless && supportsLossless(options.target)) fields.lossless = true
  if (options.width.trim()) fields.width = Number(options.width)
  if (options.height.trim()) fields.height = Number(options.height)
  if (options.width.trim() && options.height.trim()) fields.fit = options.fit
  fields.strip_metadata = options.stripMetadata
  if (kind === 'pdf') {
    fields.dpi = options.dpi
    if (options.password) fields.password = options.password
  }
  return fields
}

/** "holiday.png" → "holiday.webp": the name we show before the BFF answers with its own. */
export function outputName(inputName: string, target: Target): string {
  const dot = inputName.lastIndexOf('.')
  const stem = dot > 0 ? inputName.slice(0, dot) : inputName
  return `${stem}.${target === 'jpeg' ? 'jpg' : target}`
}

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
}

/** Type for a file unpacked from a ZIP, so previews know how to show it. */
export function mimeFor(name: string): string {
  return MIME_BY_EXTENSION[extensionOf(name)] ?? 'application/octet-stream'
}
