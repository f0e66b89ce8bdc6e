import { describe, expect, it } from 'vitest'
import { buildPayload, EMPTY_FIELDS, type QrFields } from '@/tools/qr-generator/qr-payload'
import { contrastProblem, contrastRatio, DEFAULT_STYLE, matrixPath, qrMatrix } from '@/tools/qr-generator/qr-generator.service'

const fields = (overrides: Partial<QrFields>): QrFields => ({ ...EMPTY_FIELDS, ...overrides })

describe('buildPayload', () => {
  it('adds https:// to bare addresses and refuses other schemes', () => {
    expect(buildPayload('url', fields({ url: 'example.com/a?b=1' }))).toEqual({ payload: 'https://example.com/a?b=1' })
    expect(buildPayload('url', fields({ url: 'javascript:alert(1)' }))).toMatchObject({ field: 'url' })
    expect(buildPayload('url', fields({}))).toEqual({ error: 'Enter a web address', field: 'url' })
  })

  it('escapes Wi-Fi fields and needs a password for secured networks', () => {
    expect(buildPayload('wifi', fields({ ssid: 'Café;1', password: 'p:w"d', hidden: true }))).toEqual({ payload: 'WIFI:T:WPA;S:Café\\;1;P:p\\:w\\"d;H:true;;' })
    expect(buildPayload('wifi', fields({ ssid: 'Open', encryption: 'none' }))).toEqual({ payload: 'WIFI:T:nopass;S:Open;;' })
    expect(buildPayload('wifi', fields({ ssid: 'Home' }))).toMatchObject({ field: 'password' })
  })

  it('builds mailto, tel, SMSTO and geo payloads', () => {
    expect(buildPayload('email', fields({ email: 'a@b.io', subject: 'Hi there', body: 'x&y' }))).toEqual({ payload: 'mailto:a@b.io?subject=Hi%20there&body=x%26y' })
    expect(buildPayload('phone', fields({ phone: '+44 (20) 7946-0958' }))).toEqual({ payload: 'tel:+442079460958' })
    expect(buildPayload('sms', fields({ phone: '+1 555 0100', message: 'See you: 5pm' }))).toEqual({ payload: 'SMSTO:+15550100:See you: 5pm' })
    expect(buildPayload('geo', fields({ latitude: '48.8584', longitude: '2.2945' }))).toEqual({ payload: 'geo:48.8584,2.2945' })
    expect(buildPayload('geo', fields({ latitude: '91', longitude: '0' }))).toMatchObject({ field: 'latitude' })
  })

  it('writes a vCard 3.0 with escaped values', () => {
    const result = buildPayload('vcard', fields({ firstName: 'Ada', lastName: 'Lovelace', organization: 'Analytical, Ltd', phone: '+44 1', note: 'line1\nline2' }))
    expect(result).toEqual({
      payload: ['BEGIN:VCARD', 'VERSION:3.0', 'N:Lovelace;Ada;;;', 'FN:Ada Lovelace', 'ORG:Analytical\\, Ltd', 'TEL;TYPE=CELL:+44 1', 'NOTE:line1\\nline2', 'END:VCARD'].join('\r\n'),
    })
  })
})

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
  })

  it('warns about low contrast and inverted codes, not about transparent backgrounds', () => {
    expect(contrastProblem(DEFAULT_STYLE)).toBeNull()
    expect(contrastProblem({ ...DEFAULT_STYLE, foreground: '#cccccc' })).toMatch(/^Contrast 1\.6:1 is too low/)
    expect(contrastProblem({ ...DEFAULT_STYLE, foreground: '#ffffff', background: '#000000' })).toMatch(/lighter than the background/)
    expect(contrastProblem({ ...DEFAULT_STYLE, foreground: '#ffffff', transparent: true })).toBeNull()
  })
})

describe('qrMatrix', () => {
  it('encodes with the quiet zone and grows with the error correction level', () => {
    const low = qrMatrix('https://example.com/a-fairly-long-path/with/segments', 'L', 4)!
    const high = qrMatrix('https://example.com/a-fairly-long-path/with/segments', 'H', 4)!
    expect(low.modules.length).toBe(17 + 4 * low.version + 8)
    expect(high.version).toBeGreaterThan(low.version)
    expect(low.modules[0]!.every((dark) => !dark)).toBe(true)
  })

  it('returns null when the payload cannot fit', () => {
    expect(qrMatrix('x'.repeat(5000), 'H', 4)).toBeNull()
  })

  it('draws runs of dark modules as one path segment each', () => {
    expect(matrixPath([[true, true, false, true]])).toBe('M0 0h2v1h-2zM3 0h1v1h-1z')
  })
})
