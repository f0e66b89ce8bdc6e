import { describe, expect, it } from 'vitest'
import { exifDate, exifEnum } from '@/tools/image-metadata/exif-values'

describe('EXIF values in words', () => {
  it('reads EXIF dates as dates, and leaves other text alone', () => {
    expect(exifDate('2024:06:01 12:00:00')).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(2024, 5, 1, 12)))
    expect(exifDate('2024:06:01')).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(2024, 5, 1)))
    expect(exifDate('0000:00:00 00:00:00')).toBeUndefined()
    expect(exifDate('Canon')).toBeUndefined()
  })

  it('names coded values, with the flash bits spelled out', () => {
    expect(exifEnum('ExposureProgram', 3)).toBe('Aperture priority')
    expect(exifEnum('MeteringMode', 5)).toBe('Pattern')
    expect(exifEnum('Flash', 0x19)).toBe('Fired, auto')
    expect(exifEnum('Flash', 0x10)).toBe('Did not fire, suppressed')
    expect(exifEnum('WhiteBalance', 7)).toBeUndefined()
    expect(exifEnum('Make', 1)).toBeUndefined()
  })
})
