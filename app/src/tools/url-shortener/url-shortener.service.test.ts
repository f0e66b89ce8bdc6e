import { describe, expect, it } from 'vitest'
import { EMPTY_FORM, fieldForError, formatExpiry, toCreateBody } from '@/tools/url-shortener/url-shortener.service'

describe('toCreateBody', () => {
  it('sends empty optional fields as null', () => {
    expect(toCreateBody({ ...EMPTY_FORM, url: '  example.com  ' })).toEqual({ url: 'example.com', alias: null, expires_at: null, max_clicks: null })
  })

  it('sends the expiry as an instant with its zone and the click limit as a number', () => {
    const body = toCreateBody({ url: 'x.io', alias: ' launch ', expiresAt: '2031-03-03T14:05', maxClicks: '25' })
    expect(body.alias).toBe('launch')
    expect(body.max_clicks).toBe(25)
    expect(body.expires_at).toBe(new Date('2031-03-03T14:05').toISOString())
    expect(body.expires_at).toMatch(/Z$/)
  })
})

describe('fieldForError', () => {
  it.each([
    ['The alias "admin" is reserved', 'alias'],
    ['An alias is 3 to 64 letters, digits, - or _', 'alias'],
    ['The expiry date must be in the future', 'expiresAt'],
    ['The click limit must be at least 1', 'maxClicks'],
    ['Only http and https links can be shortened', 'url'],
    ['This is not a valid URL', 'url'],
    ['Too many requests', 'form'],
  ])('%s → %s', (message, field) => {
    expect(fieldForError(message)).toBe(field)
  })
})

describe('formatExpiry', () => {
  it('says Never for links without an expiry', () => {
    expect(formatExpiry(null)).toBe('Never')
    expect(formatExpiry('2031-03-03T14:05:00Z', 'en-GB')).toMatch(/2031/)
  })
})
