// Pure parts of the metadata editor: grouping what the BFF reads into what a person looks for,
// readable values, what each clean-up removes and keeps, and which edits to send.
import type { ApiSchemas } from '@/lib/api/client'
import { exifDate, exifEnum } from '@/tools/image-metadata/exif-values'

export type ImageMetadata = ApiSchemas['ImageMetadata']
// The BFF's ExifValue, spelled out: openapi-typescript writes it as a self-referencing alias that TypeScript
// cannot resolve (an error type, read as `any`). A group's values are read through `exif()` below.
type ExifValue = string | number | boolean | null | ExifValue[]
type ExifGroup = Record<string, ExifValue>

/** One tag's value in a group of the BFF's answer, typed. */
const exif = (group: ExifGroup, tag: string): ExifValue | undefined => group[tag]

export interface MetadataRow {
  tag: string
  label: string
  value: string
}

export interface MetadataGroup {
  id: 'camera' | 'exposure' | 'location' | 'dates' | 'software' | 'author' | 'colour' | 'image' | 'other'
  title: string
  rows: MetadataRow[]
}

const EXPOSURE = new Set(['FNumber', 'ExposureTime', 'ISOSpeedRatings', 'PhotographicSensitivity', 'FocalLength', 'FocalLengthIn35mmFilm', 'Flash', 'ExposureProgram', 'ExposureBiasValue', 'MeteringMode', 'WhiteBalance', 'ApertureValue', 'ShutterSpeedValue', 'MaxApertureValue'])
const SOFTWARE = new Set(['Software', 'ProcessingSoftware', 'HostComputer'])
const COLOUR = new Set(['ColorSpace'])
const LABELS: Record<string, string> = {
  FNumber: 'Aperture',
  ISOSpeedRatings: 'ISO',
  PhotographicSensitivity: 'ISO',
  FocalLengthIn35mmFilm: 'Focal length (35 mm equiv.)',
  DateTimeOriginal: 'Taken',
  DateTimeDigitized: 'Digitised',
  DateTime: 'Modified',
  ImageDescription: 'Description',
  Artist: 'Author',
  ColorSpace: 'Colour space',
}

/** "LensModel" → "Lens model". */
export function tagLabel(tag: string): string {
  if (LABELS[tag]) return LABELS[tag]
  const words = tag.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').split(' ')
  // Acronyms (GPS, ISO) keep their capitals; other words after the first are lower case.
  return words.map((word, index) => (index === 0 || /^[A-Z0-9]+$/.test(word) ? word : word.toLowerCase())).join(' ')
}

export function formatValue(tag: string, value: ExifValue): string {
  if (value === null) return '—'
  if (Array.isArray(value)) return value.map((item) => formatValue('', item)).join(', ')
  if (typeof value === 'number') {
    if (tag === 'ExposureTime') return value > 0 && value < 1 ? `1/${Math.round(1 / value)} s` : `${value} s`
    if (tag === 'FNumber') return `f/${value}`
    if (tag === 'FocalLength' || tag === 'FocalLengthIn35mmFilm') return `${value} mm`
    if (tag === 'Orientation') {
      const known = ORIENTATIONS.find((orientation) => orientation.value === String(value))
      return known ? `${known.label} (${value})` : String(value)
    }
    if (tag === 'ColorSpace') return value === 1 ? 'sRGB' : value === 65535 ? 'Uncalibrated' : String(value)
    return exifEnum(tag, value) ?? String(value)
  }
  if (typeof value === 'string' && (tag.includes('Date') || tag === 'DateTime')) return exifDate(value) ?? value
  return String(value)
}

const rowsOf = (group: ExifGroup, keep: (tag: string) => boolean = () => true): MetadataRow[] =>
  Object.entries(group)
    .filter(([tag]) => keep(tag))
    .map(([tag, value]) => ({ tag, label: tagLabel(tag), value: formatValue(tag, value) }))

export function formatCoordinate(value: number, positive: string, negative: string): string {
  return `${Math.abs(value).toFixed(6)}° ${value >= 0 ? positive : negative}`
}

function locationRows(location: ImageMetadata['groups']['location']): MetadataRow[] {
  const rows: MetadataRow[] = []
  if (location.latitude !== undefined && location.longitude !== undefined) {
    rows.push({ tag: 'GPSLatitude', label: 'Latitude', value: formatCoordinate(location.latitude, 'N', 'S') })
    rows.push({ tag: 'GPSLongitude', label: 'Longitude', value: formatCoordinate(location.longitude, 'E', 'W') })
  }
  if (location.altitude !== undefined) rows.push({ tag: 'GPSAltitude', label: 'Altitude', value: `${location.altitude} m` })
  const shown = new Set(['GPSLatitude', 'GPSLatitudeRef', 'GPSLongitude', 'GPSLongitudeRef', 'GPSAltitude', 'GPSAltitudeRef'])
  return [...rows, ...rowsOf(location.raw ?? {}, (tag) => !shown.has(tag))]
}

/** The BFF's groups rearranged into camera, exposure, GPS, dates, software, author, colour profile, image, other. */
export function metadataGroups(meta: ImageMetadata): MetadataGroup[] {
  const { camera, time, location, author, image, other } = meta.groups
  const all = { ...camera, ...image, ...other }
  const colour: MetadataRow[] = [{ tag: 'icc_profile', label: 'ICC profile', value: meta.icc_profile ? 'Embedded' : 'None' }, ...rowsOf(all, (tag) => COLOUR.has(tag))]
  const groups: MetadataGroup[] = [
    { id: 'camera', title: 'Camera', rows: rowsOf(camera, (tag) => !EXPOSURE.has(tag) && !SOFTWARE.has(tag)) },
    { id: 'exposure', title: 'Exposure', rows: rowsOf(camera, (tag) => EXPOSURE.has(tag)) },
    { id: 'location', title: 'Location (GPS)', rows: locationRows(location) },
    { id: 'dates', title: 'Dates', rows: rowsOf(time) },
    { id: 'software', title: 'Software', rows: rowsOf(all, (tag) => SOFTWARE.has(tag)) },
    { id: 'author', title: 'Author and description', rows: rowsOf(author) },
    { id: 'colour', title: 'Colour profile', rows: colour },
    { id: 'image', title: 'Image', rows: rowsOf(image, (tag) => !COLOUR.has(tag) && !SOFTWARE.has(tag)) },
    { id: 'other', title: 'Other', rows: rowsOf(other, (tag) => !COLOUR.has(tag) && !SOFTWARE.has(tag)) },
  ]
  return groups.filter((group) => group.rows.length > 0)
}

/** Rows that are actual stored metadata (the ICC "None" line is a fact, not a tag). */
export function countTags(groups: readonly MetadataGroup[]): number {
  return groups.reduce((sum, group) => sum + group.rows.filter((row) => !(row.tag === 'icc_profile' && row.value === 'None')).length, 0)
}

export type CleanUp = 'remove-gps' | 'strip'

export interface RemovalPlan {
  removed: (MetadataRow & { group: string })[]
  kept: (MetadataRow & { group: string })[]
}

/** What a clean-up takes away and what stays, as the BFF does it (strip keeps Orientation 2-8 and the ICC profile). */
export function removalPlan(meta: ImageMetadata, cleanUp: CleanUp): RemovalPlan {
  const plan: RemovalPlan = { removed: [], kept: [] }
  for (const group of metadataGroups(meta)) {
    for (const row of group.rows) {
      if (row.tag === 'icc_profile' && row.value === 'None') continue
      const entry = { ...row, group: group.title }
      const orientation = exif(meta.groups.image, 'Orientation')
      const keptByStrip = row.tag === 'icc_profile' || (row.tag === 'Orientation' && typeof orientation === 'number' && orientation >= 2 && orientation <= 8)
      const removed = cleanUp === 'remove-gps' ? group.id === 'location' : !keptByStrip
      plan[removed ? 'removed' : 'kept'].push(entry)
    }
  }
  return plan
}

export function mapLink(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6)
  const lon = longitude.toFixed(6)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`
}

export const EDITABLE_TAGS = ['Artist', 'Copyright', 'ImageDescription', 'DateTimeOriginal', 'Make', 'Model', 'Software'] as const
export type EditableTag = (typeof EDITABLE_TAGS)[number]
export type EditForm = Record<EditableTag | 'Orientation' | 'latitude' | 'longitude', string>

/** EXIF orientation values as what they do to the stored pixels. */
export const ORIENTATIONS = [
  { value: '1', label: 'Upright' },
  { value: '2', label: 'Mirrored' },
  { value: '3', label: 'Rotated 180°' },
  { value: '4', label: 'Mirrored, rotated 180°' },
  { value: '5', label: 'Mirrored, rotated 90° counter-clockwise' },
  { value: '6', label: 'Rotated 90° clockwise' },
  { value: '7', label: 'Mirrored, rotated 90° clockwise' },
  { value: '8', label: 'Rotated 90° counter-clockwise' },
] as const

export function editFormFrom(meta: ImageMetadata): EditForm {
  const { camera, time, author, location } = meta.groups
  const text = (value: ExifValue | undefined) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')
  return {
    Artist: text(exif(author, 'Artist')),
    Copyright: text(exif(author, 'Copyright')),
    ImageDescription: text(exif(author, 'ImageDescription')),
    DateTimeOriginal: text(exif(time, 'DateTimeOriginal')),
    Make: text(exif(camera, 'Make')),
    Model: text(exif(camera, 'Model')),
    Software: text(exif(camera, 'Software') ?? exif(meta.groups.other, 'Software')),
    // No tag reads as upright, which is how viewers show such a photo.
    Orientation: text(exif(meta.groups.image, 'Orientation')) || '1',
    latitude: location.latitude !== undefined ? String(location.latitude) : '',
    longitude: location.longitude !== undefined ? String(location.longitude) : '',
  }
}

export type EditRequest = { fields: Record<string, string | number | boolean>; error?: undefined } | { error: string; fields?: undefined }

/** Only what changed is sent (an emptied field removes its tag); coordinates go as a pair. */
export function editRequest(before: EditForm, after: EditForm): EditRequest {
  const fields: Record<string, string | number | boolean> = {}
  for (const tag of EDITABLE_TAGS) if (after[tag].trim() !== before[tag].trim()) fields[tag] = after[tag].trim()
  if (after.Orientation !== before.Orientation) fields.Orientation = Number(after.Orientation)
  const gpsChanged = after.latitude.trim() !== before.latitude.trim() || after.longitude.trim() !== before.longitude.trim()
  if (gpsChanged) {
    const [lat, lon] = [after.latitude.trim(), after.longitude.trim()]
    if (lat === '' && lon === '') fields.gps_remove = true
    else {
      const latitude = Number(lat)
      const longitude = Number(lon)
      if (lat === '' || !Number.isFinite(latitude) || Math.abs(latitude) > 90) return { error: 'Latitude must be a number from -90 to 90' }
      if (lon === '' || !Number.isFinite(longitude) || Math.abs(longitude) > 180) return { error: 'Longitude must be a number from -180 to 180' }
      fields.gps_latitude = latitude
      fields.gps_longitude = longitude
    }
  }
  if (Object.keys(fields).length === 0) return { error: 'Change at least one field first' }
  return { fields }
}

export const EDITABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif'])
