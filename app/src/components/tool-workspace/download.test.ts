import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { readBlobBytes } from '@/lib/api/read-blob'
import { uniqueNames, zipFiles } from '@/components/tool-workspace/download'

describe('uniqueNames', () => {
  it('numbers repeated names before the extension', () => {
    expect(uniqueNames(['a.png', 'a.png', 'b', 'b', 'a.png'])).toEqual(['a.png', 'a (2).png', 'b', 'b (2)', 'a (3).png'])
  })
})

describe('zipFiles', () => {
  it('puts every result in one archive under a distinct name', async () => {
    const zip = await zipFiles([
      { name: 'x.txt', blob: new Blob(['one']) },
      { name: 'x.txt', blob: new Blob(['two']) },
    ])
    const entries = unzipSync(await readBlobBytes(zip))
    expect(Object.keys(entries)).toEqual(['x.txt', 'x (2).txt'])
    expect(new TextDecoder().decode(entries['x (2).txt'])).toBe('two')
  })
})
