import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { isZip, unzipBlob } from '@/components/tool-workspace/unzip-results'
import { readBlobText } from '@/lib/api/read-blob'

describe('unzipBlob', () => {
  it('gives every file of a ZIP answer back in order, typed for its preview', async () => {
    const zip = new Blob([zipSync({ 'a-page1.png': new TextEncoder().encode('one'), 'a-page2.png': new TextEncoder().encode('two') })], { type: 'application/zip' })
    const files = await unzipBlob(zip, (name) => (name.endsWith('.png') ? 'image/png' : 'application/octet-stream'))
    expect(files.map((file) => [file.name, file.blob.type])).toEqual([
      ['a-page1.png', 'image/png'],
      ['a-page2.png', 'image/png'],
    ])
    expect(await readBlobText(files[1]!.blob)).toBe('two')
  })

  it('tells a ZIP answer by its content type', () => {
    expect(isZip(new Blob([], { type: 'application/zip' }))).toBe(true)
    expect(isZip(new Blob([]), 'application/zip; charset=binary')).toBe(true)
    expect(isZip(new Blob([], { type: 'application/pdf' }))).toBe(false)
  })
})
