import { describe, expect, it } from 'vitest'
import { passkeyNameError, passkeyUsage } from '@/features/auth/passkeys/passkey-name'

describe('passkey names', () => {
  it('are optional when adding, required when renaming, and at most 120 bytes as Auth counts them', () => {
    expect(passkeyNameError('  ', { required: false })).toBeUndefined()
    expect(passkeyNameError('  ', { required: true })).toBe('Enter a name.')
    expect(passkeyNameError('é'.repeat(60), { required: true })).toBeUndefined()
    expect(passkeyNameError('é'.repeat(61), { required: true })).toMatch(/shorter name/)
  })

  it('say when a passkey was added and last used', () => {
    expect(passkeyUsage('2026-03-03T10:00:00Z')).toMatch(/^Added .+ · Never used$/)
    expect(passkeyUsage('2026-03-03T10:00:00Z', '2026-03-05T10:00:00Z')).toMatch(/^Added .+ · Last used .+2026$/)
  })
})
