import { describe, expect, it } from 'vitest'
import { downloadName, EXPIRY_OPTIONS, expiresAtFor, expiresIn, languageLabel } from '@/features/pastes/paste-options'

describe('paste options', () => {
  it('offers the expiries never, 10 minutes, 1 hour, 1 day, 1 week and 1 month', () => {
    expect(EXPIRY_OPTIONS.map((option) => option.label)).toEqual(['Never', '10 minutes', '1 hour', '1 day', '1 week', '1 month'])
  })

  it('turns an expiry choice into an ISO time with zone, or null for never', () => {
    const now = Date.UTC(2030, 0, 1, 12, 0, 0)
    expect(expiresAtFor('never', now)).toBeNull()
    expect(expiresAtFor('10m', now)).toBe('2030-01-01T12:10:00.000Z')
    expect(expiresAtFor('1d', now)).toBe('2030-01-02T12:00:00.000Z')
    expect(expiresAtFor('1w', now)).toBe('2030-01-08T12:00:00.000Z')
  })

  it('says how long a paste has left', () => {
    const now = Date.UTC(2030, 0, 1)
    expect(expiresIn(null, now)).toBe('never expires')
    expect(expiresIn(new Date(now + 10 * 60_000).toISOString(), now)).toBe('expires in 10 minutes')
    expect(expiresIn(new Date(now + 3 * 86_400_000).toISOString(), now)).toBe('expires in 3 days')
    expect(expiresIn(new Date(now - 1).toISOString(), now)).toBe('expired')
  })

  it('names downloads after the title with the language extension', () => {
    expect(downloadName('My script!', 'abc123', 'python')).toBe('My-script.py')
    expect(downloadName('  ', 'abc123', 'unknown')).toBe('paste-abc123.txt')
    expect(languageLabel('typescript')).toBe('TypeScript')
    expect(languageLabel('nginx')).toBe('nginx')
  })
})
