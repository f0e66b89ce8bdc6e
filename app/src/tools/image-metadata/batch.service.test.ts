import { describe, expect, it } from 'vitest'
import { batchButtonText, batchSummary, removedText, type BatchReport } from '@/tools/image-metadata/batch.service'

const done = { name: 'a.jpg', status: 'done', output: 'a-no-gps.jpg', had_gps: true, has_gps: false, size_before: 10, size_after: 8 } as const

describe('the batch report in words', () => {
  it('names every removed tag by group', () => {
    expect(removedText({ ...done, removed: { location: ['GPSLatitude', 'GPSLongitude'], camera: ['Make'] } }, 'strip')).toBe('Location: GPSLatitude, GPSLongitude · Camera: Make')
    expect(removedText({ ...done, removed: {} }, 'remove-gps')).toBe('Nothing to remove')
    expect(removedText({ ...done, removed: {} }, 'keep')).toBe('Kept as it is; it contains a location')
  })

  it('gives a failed file its own reason', () => {
    expect(removedText({ name: 'b.txt', status: 'failed', error: { code: 'unsupported_file_type', message: 'b.txt is TXT; expected an image' } }, 'strip')).toBe('b.txt is TXT; expected an image')
  })

  it('sums up', () => {
    const report = { action: 'remove-gps', done: 3, failed: 1, files: [] } satisfies BatchReport
    expect(batchSummary(report)).toBe('3 photos cleaned, 1 failed')
    expect(batchSummary({ ...report, action: 'keep', done: 1, failed: 0 })).toBe('1 photo checked')
  })

  it('names the button with the count, apart from the single photo\'s "Remove GPS"', () => {
    expect(batchButtonText('remove-gps', 3)).toBe('Remove GPS from 3 photos')
    expect(batchButtonText('strip', 1)).toBe('Remove all metadata from 1 photo')
    expect(batchButtonText('keep', 0)).toBe('Check the photos')
  })
})
