import { readBlobBytes } from '@/lib/api/read-blob'

/** Unpacks a ZIP answer (split parts, PDF pages as images) so each file can be previewed and saved alone. */
export async function unzipBlob(zip: Blob, typeFor: (name: string) => string): Promise<{ name: string; blob: Blob }[]> {
  const { unzipSync } = await import('fflate')
  const entries = unzipSync(await readBlobBytes(zip))
  return Object.entries(entries)
    .filter(([name]) => !name.endsWith('/'))
    .map(([name, bytes]) => ({ name, blob: new Blob([bytes], { type: typeFor(name) }) }))
}

export function isZip(blob: Blob, contentType = blob.type): boolean {
  return contentType.split(';')[0]?.trim() === 'application/zip'
}
