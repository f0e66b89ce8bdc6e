import { describe, expect, it } from 'vitest'
import { parsePasswordPolicy, parseRequiredCharacters, passwordError, passwordRules, weakPasswordReasons } from '@/features/auth/credentials/password-policy'
import { passwordStrength, STRENGTH_LABELS } from '@/features/auth/credentials/password-strength'

// The rules must be Auth's own (supabase/local/auth/local_auth/passwords.py, upstream's
// checkPasswordStrength): the reasons here are those Auth returns in weak_password.reasons.
const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const DIGITS = '0123456789'

describe('parsePasswordPolicy (GOTRUE_PASSWORD_* syntax)', () => {
  it('reads the minimum length with Auth’s floor and default of 6', () => {
    expect(parsePasswordPolicy('8', '').minLength).toBe(8)
    expect(parsePasswordPolicy('3', '').minLength).toBe(6)
    expect(parsePasswordPolicy(undefined, undefined)).toEqual({ minLength: 6, requiredCharacters: [] })
  })

  it('splits required sets on ":" and keeps an escaped "\\:" as a colon', () => {
    expect(parseRequiredCharacters(`${LOWER}:${UPPER}:${DIGITS}`)).toEqual([LOWER, UPPER, DIGITS])
    expect(parseRequiredCharacters('!@#\\:;')).toEqual(['!@#:;'])
    expect(parseRequiredCharacters('')).toEqual([])
  })
})

describe('weakPasswordReasons', () => {
  const policy = parsePasswordPolicy('8', `${LOWER}:${UPPER}:${DIGITS}`)

  it.each([
    ['Abcdefg1', []],
    ['Abc1', ['length']],
    ['abcdefgh', ['characters']],
    ['abc', ['length', 'characters']],
    // Lengths are UTF-8 bytes, as in Auth: 6 characters, 10 bytes, long enough; é is no a–z letter.
    ['ééééA1', ['characters']],
    ['ééA1', ['length', 'characters']],
  ])('%j → %j', (password, reasons) => {
    expect(weakPasswordReasons(policy, password)).toEqual(reasons)
  })

  it('lists each rule as met or not, and words the first broken one for the field', () => {
    expect(passwordRules(policy, 'abcdefgh')).toEqual([
      { id: 'length', label: 'At least 8 characters', met: true },
      { id: `set-${LOWER}`, label: 'Contains a lower-case letter', met: true },
      { id: `set-${UPPER}`, label: 'Contains an upper-case letter', met: false },
      { id: `set-${DIGITS}`, label: 'Contains a digit', met: false },
    ])
    expect(passwordError(policy, 'abcdefgh')).toBe('Include an upper-case letter, a digit')
    expect(passwordError(policy, 'Ab1')).toBe('Use at least 8 characters')
    expect(passwordError(policy, 'Abcdefg1')).toBeUndefined()
    expect(passwordRules(parsePasswordPolicy('8', '!?'), 'x')[1]!.label).toBe('Contains a symbol (!?)')
  })
})

describe('passwordStrength', () => {
  const policy = parsePasswordPolicy('8', '')

  it('grows with length and variety, and never rates a refused password above weak', () => {
    const scores = ['abc', 'abcdefgh', 'kitchen7', 'Kitchen7!tram', 'correct horse battery staple'].map((password) => passwordStrength(policy, password))
    expect(scores).toEqual([...scores].sort((a, b) => a - b))
    expect(STRENGTH_LABELS[scores.at(-1)!]).toBe('Strong')
    expect(passwordStrength(policy, 'Zq9!')).toBeLessThanOrEqual(1)
  })

  it('rates runs, repeats and common passwords as too weak', () => {
    expect(passwordStrength(policy, 'aaaaaaaaaa')).toBe(0)
    expect(passwordStrength(policy, '12345678')).toBe(0)
    expect(passwordStrength(policy, 'Password1')).toBe(0)
  })
})
