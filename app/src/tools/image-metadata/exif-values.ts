// EXIF's coded values in words (the EXIF 2.32 tables), and its "2024:06:01 12:00:00" dates as dates.

const ENUMS: Record<string, Record<number, string>> = {
  ExposureProgram: { 0: 'Not defined', 1: 'Manual', 2: 'Program (auto)', 3: 'Aperture priority', 4: 'Shutter priority', 5: 'Creative (depth of field)', 6: 'Action (fast shutter)', 7: 'Portrait', 8: 'Landscape' },
  MeteringMode: { 0: 'Unknown', 1: 'Average', 2: 'Centre-weighted average', 3: 'Spot', 4: 'Multi-spot', 5: 'Pattern', 6: 'Partial', 255: 'Other' },
  WhiteBalance: { 0: 'Auto', 1: 'Manual' },
  ExposureMode: { 0: 'Auto', 1: 'Manual', 2: 'Auto bracket' },
  SceneCaptureType: { 0: 'Standard', 1: 'Landscape', 2: 'Portrait', 3: 'Night' },
  LightSource: { 0: 'Unknown', 1: 'Daylight', 2: 'Fluorescent', 3: 'Tungsten', 4: 'Flash', 9: 'Fine weather', 10: 'Cloudy', 11: 'Shade', 17: 'Standard light A', 18: 'Standard light B', 19: 'Standard light C', 255: 'Other' },
  ResolutionUnit: { 1: 'None', 2: 'Inches', 3: 'Centimetres' },
  FocalPlaneResolutionUnit: { 1: 'None', 2: 'Inches', 3: 'Centimetres' },
  YCbCrPositioning: { 1: 'Centred', 2: 'Co-sited' },
  Contrast: { 0: 'Normal', 1: 'Soft', 2: 'Hard' },
  Saturation: { 0: 'Normal', 1: 'Low', 2: 'High' },
  Sharpness: { 0: 'Normal', 1: 'Soft', 2: 'Hard' },
  SensingMethod: { 1: 'Not defined', 2: 'One-chip colour area', 3: 'Two-chip colour area', 4: 'Three-chip colour area', 5: 'Colour sequential area', 7: 'Trilinear', 8: 'Colour sequential linear' },
  CustomRendered: { 0: 'Normal', 1: 'Custom' },
  GainControl: { 0: 'None', 1: 'Low gain up', 2: 'High gain up', 3: 'Low gain down', 4: 'High gain down' },
  SubjectDistanceRange: { 0: 'Unknown', 1: 'Macro', 2: 'Close', 3: 'Distant' },
  GPSAltitudeRef: { 0: 'Above sea level', 1: 'Below sea level' },
}

/** Flash is a bit field: fired, return light, mode, red-eye. */
function flash(value: number): string {
  if (value & 0x20) return 'No flash function'
  const parts = [value & 0x1 ? 'Fired' : 'Did not fire']
  const mode = (value >> 3) & 0x3
  if (mode === 1) parts.push('compulsory')
  if (mode === 2) parts.push('suppressed')
  if (mode === 3) parts.push('auto')
  if (value & 0x40) parts.push('red-eye reduction')
  return parts.join(', ')
}

/** A coded value in words, or undefined when the tag has no table or the value is not in it. */
export function exifEnum(tag: string, value: number): string | undefined {
  if (tag === 'Flash') return flash(value)
  return ENUMS[tag]?.[value]
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' })
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' })

/**
 * "2024:06:01 12:00:00" → "1 June 2024 at 12:00" in the reader's locale. EXIF stores the camera's
 * local time without a zone, so it is shown as written, not converted. Undefined when not a date.
 */
export function exifDate(value: string): string | undefined {
  const match = EXIF_DATE.exec(value.trim())
  if (!match) return undefined
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0))
  if (!year || !month || !day) return undefined  // "0000:00:00 00:00:00": cameras write it for "unknown"
  const date = new Date(year, month - 1, day, hours, minutes, seconds)
  return match[4] === undefined ? dateFormat.format(date) : dateTimeFormat.format(date)
}
