import { readBlobBytes } from '@/lib/api/read-blob'

// Saving results: one file as itself, several as one ZIP built in the browser.
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoke later: the download starts asynchronously in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

/** Names made unique ("a.png", "a (2).png") so no entry overwrites another in the archive. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>()
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1
    seen.set(name, count)
    if (count === 1) return name
    const dot = name.lastIndexOf('.')
    return dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`
  })
}

export async function zipFiles(files: readonly { name: string; blob: Blob }[]): Promise<Blob> {
  const { zipSync } = await import('fflate')
  const names = uniqueNames(files.map((file) => file.name))
  const entries: Record<string, Uint8Array> = {}
  for (const [index, file] of files.entries()) {
    entries[names[index] ?? `file-${index + 1}`] = await readBlobBytes(file.blob)
  }
  // Level 0: results are mostly already compressed (PNG, JPEG, PDF), so deflating again wastes time.
  return new Blob([zipSync(entries, { level: 0 })], { type: 'application/zip' })
}
