import { formatBytes } from '@/components/tool-workspace/format-bytes'

// What the drop zones check before anything is uploaded: the server refuses the same files (jobs/
// uploads.py), but only after the whole upload; here the user hears at once, with the file's name.

/** The BFF's default per-file limit (TOOLKIT_TOOLS_MAX_FILE_BYTES: 25 MB). */
export const FILE_LIMIT_BYTES = 25 * 1024 * 1024

/** A limit as people say it: "25 MB", not "25.0 MB". */
export function formatLimit(bytes: number): string {
  const megabytes = bytes / (1024 * 1024)
  return Number.isInteger(megabytes) ? `${megabytes} MB` : formatBytes(bytes)
}

export function matchesAccept(file: File, accept: string | undefined): boolean {
  if (!accept) return true
  const name = file.name.toLowerCase()
  return accept.split(',').some((rule) => {
    const pattern = rule.trim().toLowerCase()
    if (pattern.startsWith('.')) return name.endsWith(pattern)
    if (pattern.endsWith('/*')) return file.type.startsWith(pattern.slice(0, -1))
    return file.type === pattern
  })
}

type Signature = { label: string; matches: (head: Uint8Array) => boolean }

const bytesAt = (head: Uint8Array, offset: number, expected: readonly number[]) => expected.every((byte, index) => head[offset + index] === byte)
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))
const isoMedia = (brands: readonly string[]) => (head: Uint8Array) => bytesAt(head, 4, ascii('ftyp')) && brands.some((brand) => bytesAt(head, 8, ascii(brand)))
const zip = (head: Uint8Array) => bytesAt(head, 0, [0x50, 0x4b, 0x03, 0x04])

const PNG: Signature = { label: 'PNG image', matches: (head) => bytesAt(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) }
const JPEG: Signature = { label: 'JPEG image', matches: (head) => bytesAt(head, 0, [0xff, 0xd8, 0xff]) }
const HEIF: Signature = { label: 'HEIC image', matches: isoMedia(['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1']) }
const OFFICE: Signature = { label: 'document', matches: zip }

// The first bytes each kind of file starts with, by the extension a file claims. Text formats
// (TXT, CSV, SVG, HTML…) have none and are left to the server.
const SIGNATURES: Record<string, Signature> = {
  png: PNG,
  jpg: JPEG,
  jpeg: JPEG,
  gif: { label: 'GIF image', matches: (head) => bytesAt(head, 0, ascii('GIF8')) },
  webp: { label: 'WebP image', matches: (head) => bytesAt(head, 0, ascii('RIFF')) && bytesAt(head, 8, ascii('WEBP')) },
  bmp: { label: 'BMP image', matches: (head) => bytesAt(head, 0, ascii('BM')) },
  tif: { label: 'TIFF image', matches: (head) => bytesAt(head, 0, [0x49, 0x49, 0x2a, 0x00]) || bytesAt(head, 0, [0x4d, 0x4d, 0x00, 0x2a]) },
  tiff: { label: 'TIFF image', matches: (head) => bytesAt(head, 0, [0x49, 0x49, 0x2a, 0x00]) || bytesAt(head, 0, [0x4d, 0x4d, 0x00, 0x2a]) },
  heic: HEIF,
  heif: HEIF,
  avif: { label: 'AVIF image', matches: isoMedia(['avif', 'avis']) },
  // "%PDF-" may follow some junk; readers look within the first kilobyte.
  pdf: { label: 'PDF', matches: (head) => new TextDecoder('latin1').decode(head).includes('%PDF-') },
  docx: OFFICE,
  xlsx: OFFICE,
  pptx: OFFICE,
  odt: OFFICE,
  ods: OFFICE,
  odp: OFFICE,
}

function extensionOf(file: File): string {
  const dot = file.name.lastIndexOf('.')
  return dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase()
}

function head(file: File): Promise<Uint8Array> {
  // FileReader rather than Blob.arrayBuffer(): the same in every browser and in the test DOM.
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`))
    reader.readAsArrayBuffer(file.slice(0, 1024))
  })
}

/**
 * Why `file` cannot be used, in a sentence naming it, or null when it can. `takes` names what the
 * tool takes ("PDF files"), for a file of another type.
 */
export async function fileProblem(file: File, { accept, maxBytes = FILE_LIMIT_BYTES, takes }: { accept?: string; maxBytes?: number; takes?: string }): Promise<string | null> {
  if (!matchesAccept(file, accept)) return `${file.name} can’t be used here: this tool takes ${takes ?? 'other kinds of file'}.`
  if (file.size === 0) return `${file.name} is empty (0 bytes).`
  if (file.size > maxBytes) return `${file.name} is ${formatBytes(file.size)}; the limit is ${formatLimit(maxBytes)} per file.`
  const extension = extensionOf(file)
  const signature = SIGNATURES[extension]
  if (signature && !signature.matches(await head(file))) {
    return extension === 'pdf'
      ? `${file.name} is damaged or not a PDF.`
      : `${file.name} is not really a ${signature.label}: its contents don’t match its .${extension} name.`
  }
  return null
}
