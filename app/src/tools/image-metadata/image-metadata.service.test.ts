import { describe, expect, it } from 'vitest'
import { countTags, editFormFrom, editRequest, formatValue, mapLink, metadataGroups, removalPlan, tagLabel, type ImageMetadata } from '@/tools/image-metadata/image-metadata.service'

// The shape /api/tools/metadata answers with (bff/toolkit_bff/tools/image_metadata/exif_read.py).
const photo = (overrides: Partial<ImageMetadata['groups']> = {}): ImageMetadata => ({
  filename: 'holiday.jpg',
  format: 'jpeg',
  width: 4000,
  height: 3000,
  mode: 'RGB',
  icc_profile: true,
  has_gps: true,
  groups: {
    camera: { Make: 'Canon', Model: 'EOS R6', Software: 'Lightroom 7.1', FNumber: 2.8, ExposureTime: 0.004, ISOSpeedRatings: 400, FocalLength: 35 },
    time: { DateTimeOriginal: '2024:05:01 12:30:00' },
    location: { latitude: 48.8584, longitude: -2.2945, altitude: 35, raw: { GPSLatitude: [48, 51, 30.24], GPSLatitudeRef: 'N', GPSMapDatum: 'WGS-84' } },
    author: { Artist: 'Ada Lovelace', Copyright: '© Ada' },
    image: { Orientation: 6, ColorSpace: 1, XResolution: 72 },
    other: { ExifVersion: '0232' },
    ...overrides,
  },
})

describe('metadataGroups', () => {
  it('sorts tags into camera, exposure, GPS, dates, software, author, colour profile, image and other', () => {
    const groups = metadataGroups(photo())
    expect(groups.map((group) => group.id)).toEqual(['camera', 'exposure', 'location', 'dates', 'software', 'author', 'colour', 'image', 'other'])
    const rows = (id: string) => Object.fromEntries(groups.find((group) => group.id === id)!.rows.map((row) => [row.label, row.value]))
    expect(rows('camera')).toEqual({ Make: 'Canon', Model: 'EOS R6' })
    expect(rows('exposure')).toEqual({ Aperture: 'f/2.8', 'Exposure time': '1/250 s', ISO: '400', 'Focal length': '35 mm' })
    expect(rows('location')).toEqual({ Latitude: '48.858400° N', Longitude: '2.294500° W', Altitude: '35 m', 'GPS map datum': 'WGS-84' })
    expect(rows('software')).toEqual({ Software: 'Lightroom 7.1' })
    expect(rows('colour')).toEqual({ 'ICC profile': 'Embedded', 'Colour space': 'sRGB' })
    expect(rows('image')).toEqual({ Orientation: 'Rotated 90° clockwise (6)', 'X resolution': '72' })
  })

  it('leaves out empty groups and counts only stored fields', () => {
    const bare: ImageMetadata = { ...photo({ camera: {}, time: {}, location: {}, author: {}, image: {}, other: {} }), icc_profile: false, has_gps: false }
    const groups = metadataGroups(bare)
    expect(groups.map((group) => group.id)).toEqual(['colour'])
    expect(countTags(groups)).toBe(0)
  })
})

describe('labels and values', () => {
  it('reads tag names as words and formats well-known values', () => {
    expect(tagLabel('LensModel')).toBe('Lens model')
    expect(tagLabel('GPSMapDatum')).toBe('GPS map datum')
    expect(tagLabel('DateTimeOriginal')).toBe('Taken')
    expect(formatValue('ExposureTime', 2)).toBe('2 s')
    expect(formatValue('ColorSpace', 65535)).toBe('Uncalibrated')
    expect(formatValue('X', [1, 'a', null])).toBe('1, a, —')
  })

  it('links GPS coordinates to the map', () => {
    expect(mapLink(48.8584, -2.2945)).toBe('https://www.openstreetmap.org/?mlat=48.858400&mlon=-2.294500#map=16/48.858400/-2.294500')
  })
})

describe('removalPlan', () => {
  it('removing GPS takes only the location rows', () => {
    const plan = removalPlan(photo(), 'remove-gps')
    expect(plan.removed.map((row) => row.label)).toEqual(['Latitude', 'Longitude', 'Altitude', 'GPS map datum'])
    expect(plan.kept.map((row) => row.label)).toContain('Author')
  })

  it('stripping keeps only the orientation and the colour profile', () => {
    const plan = removalPlan(photo(), 'strip')
    expect(plan.kept.map((row) => `${row.label}: ${row.value}`)).toEqual(['ICC profile: Embedded', 'Orientation: Rotated 90° clockwise (6)'])
    expect(plan.removed.map((row) => row.label)).toEqual(expect.arrayContaining(['Make', 'Latitude', 'Taken', 'Author', 'Colour space']))
  })

  it('an upright orientation (1) is not kept by strip, as the BFF drops it', () => {
    const plan = removalPlan(photo({ image: { Orientation: 1 } }), 'strip')
    expect(plan.kept.map((row) => row.label)).toEqual(['ICC profile'])
  })
})

describe('editRequest', () => {
  const before = editFormFrom(photo())

  it('starts from what the photo holds', () => {
    expect(before).toMatchObject({ Artist: 'Ada Lovelace', Make: 'Canon', Software: 'Lightroom 7.1', DateTimeOriginal: '2024:05:01 12:30:00', latitude: '48.8584', longitude: '-2.2945' })
  })

  it('sends only changed fields; an emptied field removes its tag', () => {
    expect(editRequest(before, { ...before, Artist: ' Grace Hopper ', Copyright: '' })).toEqual({ fields: { Artist: 'Grace Hopper', Copyright: '' } })
  })

  it('sends coordinates as a pair, removes GPS when both are emptied, and checks ranges', () => {
    expect(editRequest(before, { ...before, latitude: '51.5', longitude: '-0.12' })).toEqual({ fields: { gps_latitude: 51.5, gps_longitude: -0.12 } })
    expect(editRequest(before, { ...before, latitude: '', longitude: '' })).toEqual({ fields: { gps_remove: true } })
    expect(editRequest(before, { ...before, latitude: '95' })).toEqual({ error: 'Latitude must be a number from -90 to 90' })
    expect(editRequest(before, { ...before, longitude: 'east' })).toEqual({ error: 'Longitude must be a number from -180 to 180' })
    expect(editRequest(before, before)).toEqual({ error: 'Change at least one field first' })
  })

  it('sends a changed orientation as its EXIF number; no tag reads as upright', () => {
    expect(before.Orientation).toBe('6')
    expect(editRequest(before, { ...before, Orientation: '1' })).toEqual({ fields: { Orientation: 1 } })
    expect(editFormFrom(photo({ image: {} })).Orientation).toBe('1')
  })
})
