import type { Session } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { needsSecondFactor } from '@/features/auth/session/assurance'
import { tokenAssuranceLevel, tokenMethods } from '@/lib/token-claims'

const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`
const session = (aal: string, factors: { status: string }[] | undefined) => ({ access_token: token({ aal, sub: 'ü?>' }), user: { factors } }) as unknown as Session

describe('second factor', () => {
  it('reads the aal claim from a base64url payload', () => {
    expect(tokenAssuranceLevel(token({ aal: 'aal2', name: '>>>???' }))).toBe('aal2')
    expect(tokenAssuranceLevel('garbage')).toBeUndefined()
  })

  it('is owed only with a verified factor and an aal1 token', () => {
    expect(needsSecondFactor(session('aal1', [{ status: 'verified' }]))).toBe(true)
    expect(needsSecondFactor(session('aal2', [{ status: 'verified' }]))).toBe(false)
    expect(needsSecondFactor(session('aal1', [{ status: 'unverified' }]))).toBe(false)
    expect(needsSecondFactor(session('aal1', undefined))).toBe(false)
  })

  it('is not owed after a passkey sign-in (amr passkey, aal1 as Auth issues it), and is after a password', () => {
    const withMethod = (method: string) =>
      ({ access_token: token({ aal: 'aal1', amr: [{ method, timestamp: 1 }] }), user: { factors: [{ status: 'verified' }] } }) as unknown as Session
    expect(needsSecondFactor(withMethod('passkey'))).toBe(false)
    expect(needsSecondFactor(withMethod('password'))).toBe(true)
    expect(tokenMethods(token({ amr: 'passkey' }))).toEqual([])
  })
})
