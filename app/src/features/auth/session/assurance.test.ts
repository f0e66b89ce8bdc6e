import type { Session } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { needsSecondFactor } from '@/features/auth/session/assurance'
import { tokenAssuranceLevel } from '@/lib/token-claims'

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
})
