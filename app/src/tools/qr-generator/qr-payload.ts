// What a QR code says, per content type. The formats are the ones phone scanners act on (and the
// same strings the BFF builds for the types it knows), so preview and download encode one payload.
export const CONTENT_TYPES = ['text', 'url', 'wifi', 'email', 'phone', 'sms', 'vcard', 'geo'] as const
export type ContentType = (typeof CONTENT_TYPES)[number]

export interface QrFields {
  text: string
  url: string
  ssid: string
  encryption: 'wpa' | 'wep' | 'none'
  password: string
  hidden: boolean
  email: string
  subject: string
  body: string
  phone: string
  message: string
  firstName: string
  lastName: string
  organization: string
  title: string
  website: string
  address: string
  note: string
  latitude: string
  longitude: string
}

export const EMPTY_FIELDS: QrFields = {
  text: '',
  url: '',
  ssid: '',
  encryption: 'wpa',
  password: '',
  hidden: false,
  email: '',
  subject: '',
  body: '',
  phone: '',
  message: '',
  firstName: '',
  lastName: '',
  organization: '',
  title: '',
  website: '',
  address: '',
  note: '',
  latitude: '',
  longitude: '',
}

export type PayloadResult = { payload: string } | { error: string; field: keyof QrFields }

/** ZXing's WIFI: format escapes \ ; , " : with a backslash. */
export function escapeWifi(value: string): string {
  return value.replace(/([\\;,":])/g, '\\$1')
}

/** RFC 6350 text values: backslash, comma, semicolon and newlines are escaped. */
export function escapeVcard(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r?\n/g, '\\n')
}

function phoneDigits(value: string): string | null {
  const digits = value.replace(/[\s().-]/g, '')
  return /^\+?[0-9]{3,20}$/.test(digits) ? digits : null
}

function url(f: QrFields): PayloadResult {
  const value = f.url.trim()
  if (!value) return { error: 'Enter a web address', field: 'url' }
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
  try {
    const parsed = new URL(withScheme)
    if (!['http:', 'https:'].includes(parsed.protocol) || !parsed.host || /\s/.test(withScheme)) throw new Error('scheme')
  } catch {
    return { error: 'Enter an http(s) address, like example.com/page', field: 'url' }
  }
  return { payload: withScheme }
}

function wifi(f: QrFields): PayloadResult {
  if (!f.ssid.trim()) return { error: 'Enter the network name', field: 'ssid' }
  if (f.encryption !== 'none' && !f.password) return { error: 'A secured network needs its password', field: 'password' }
  const parts = [`T:${f.encryption === 'none' ? 'nopass' : f.encryption.toUpperCase()}`, `S:${escapeWifi(f.ssid.trim())}`]
  if (f.encryption !== 'none') parts.push(`P:${escapeWifi(f.password)}`)
  if (f.hidden) parts.push('H:true')
  return { payload: `WIFI:${parts.join(';')};;` }
}

function email(f: QrFields): PayloadResult {
  const address = f.email.trim()
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return { error: 'Enter an email address', field: 'email' }
  const query = (['subject', 'body'] as const).filter((key) => f[key].trim()).map((key) => `${key}=${encodeURIComponent(f[key].trim())}`)
  return { payload: `mailto:${address}${query.length ? `?${query.join('&')}` : ''}` }
}

function phone(f: QrFields): PayloadResult {
  const digits = phoneDigits(f.phone)
  return digits ? { payload: `tel:${digits}` } : { error: 'Enter a phone number, like +44 20 7946 0958', field: 'phone' }
}

function sms(f: QrFields): PayloadResult {
  const digits = phoneDigits(f.phone)
  if (!digits) return { error: 'Enter a phone number, like +44 20 7946 0958', field: 'phone' }
  return { payload: `SMSTO:${digits}:${f.message}` }
}

function vcard(f: QrFields): PayloadResult {
  const first = f.firstName.trim()
  const last = f.lastName.trim()
  if (!first && !last) return { error: 'Enter a first or last name', field: 'firstName' }
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${escapeVcard(last)};${escapeVcard(first)};;;`, `FN:${escapeVcard([first, last].filter(Boolean).join(' '))}`]
  const optional: [string, keyof QrFields][] = [
    ['ORG', 'organization'],
    ['TITLE', 'title'],
    ['TEL;TYPE=CELL', 'phone'],
    ['EMAIL', 'email'],
    ['URL', 'website'],
    ['NOTE', 'note'],
  ]
  for (const [key, name] of optional) {
    const value = String(f[name]).trim()
    if (value) lines.push(`${key}:${escapeVcard(value)}`)
  }
  if (f.address.trim()) lines.push(`ADR;TYPE=HOME:;;${escapeVcard(f.address.trim())};;;;`)
  lines.push('END:VCARD')
  return { payload: lines.join('\r\n') }
}

function geo(f: QrFields): PayloadResult {
  const lat = Number(f.latitude)
  const lon = Number(f.longitude)
  if (f.latitude.trim() === '' || !Number.isFinite(lat) || Math.abs(lat) > 90) return { error: 'Latitude is a number from -90 to 90', field: 'latitude' }
  if (f.longitude.trim() === '' || !Number.isFinite(lon) || Math.abs(lon) > 180) return { error: 'Longitude is a number from -180 to 180', field: 'longitude' }
  return { payload: `geo:${lat},${lon}` }
}

const BUILDERS: Record<ContentType, (fields: QrFields) => PayloadResult> = {
  text: (f) => (f.text ? { payload: f.text } : { error: 'Enter some text', field: 'text' }),
  url,
  wifi,
  email,
  phone,
  sms,
  vcard,
  geo,
}

export function buildPayload(type: ContentType, fields: QrFields): PayloadResult {
  return BUILDERS[type](fields)
}
