import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_FORM, fieldForError, formatExpiry, toCreateBody } from '@/tools/url-shortener/url-shortener.service'

// The user's time zone is the process's TZ, which Node applies at once. Each case sets its own and
// the machine's is restored, so the results never depend on where the tests run.
afterEach(() => {
  vi.unstubAllEnvs()
})

/** The wall-clock time an instant shows in the current zone, as `<input type="datetime-local">` writes it. */
function wallClock(instant: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(Date.parse(instant))
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

describe('toCreateBody', () => {
  it('sends empty optional fields as null', () => {
    expect(toCreateBody({ ...EMPTY_FORM, url: '  example.com  ' })).toEqual({ url: 'example.com', alias: null, expires_at: null, max_clicks: null, password: null })
  })

  it('sends the alias trimmed and the click limit as a number', () => {
    const body = toCreateBody({ url: 'x.io', alias: ' launch ', expiresAt: '', maxClicks: '25', password: '' })
    expect(body.alias).toBe('launch')
    expect(body.max_clicks).toBe(25)
  })

  // 14:05 on 3 March 2031 where the user is: the zones furthest east and west put it on another UTC day.
  it.each([
    ['UTC', '2031-03-03T14:05:00.000Z'],
    ['Europe/Berlin', '2031-03-03T13:05:00.000Z'], // UTC+1 in winter
    ['Pacific/Kiritimati', '2031-03-03T00:05:00.000Z'], // UTC+14
    ['America/Adak', '2031-03-04T00:05:00.000Z'], // UTC−10 until daylight saving starts on 9 March
  ])('sends the expiry picked in %s as the instant %s', (zone, instant) => {
    vi.stubEnv('TZ', zone)
    expect(toCreateBody({ ...EMPTY_FORM, url: 'x.io', expiresAt: '2031-03-03T14:05' }).expires_at).toBe(instant)
  })

  it('sends an expiry that shows the picked time again in the zone the tests run in', () => {
    const expires = toCreateBody({ ...EMPTY_FORM, url: 'x.io', expiresAt: '2031-12-31T23:30' }).expires_at
    expect(expires).toMatch(/Z$/)
    expect(wallClock(expires!)).toBe('2031-12-31T23:30')
  })

  it('sends a password exactly as typed (spaces are part of it)', () => {
    expect(toCreateBody({ ...EMPTY_FORM, url: 'x.io', password: ' open sesame ' }).password).toBe(' open sesame ')
  })
})

describe('fieldForError', () => {
  it.each([
    ['The alias "admin" is reserved', 'alias'],
    ['An alias is 3 to 64 letters, digits, - or _', 'alias'],
    ['The expiry date must be in the future', 'expiresAt'],
    ['The click limit must be at least 1', 'maxClicks'],
    ['password must be at least 8 characters: shorter ones are guessed quickly', 'password'],
    ['password is one of the 10,000 most common passwords, which are tried first: choose one nobody would guess', 'password'],
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
  })

  it.each([
    ['Pacific/Kiritimati', '2031-03-03T00:05:00Z'],
    ['America/Adak', '2031-03-04T00:05:00Z'],
  ])('shows an expiry in the user’s zone (%s)', (zone, instant) => {
    vi.stubEnv('TZ', zone)
    expect(formatExpiry(instant, 'en-GB')).toBe('3 Mar 2031, 14:05')
  })
})
