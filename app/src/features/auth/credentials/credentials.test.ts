import { describe, expect, it } from 'vitest'
import { normaliseUsername, validateSignIn, validateSignUp } from '@/features/auth/credentials/credentials'

const valid = { username: 'ada_l', email: 'ada@example.com', password: 'correct horse' }

describe('validateSignUp', () => {
  it('accepts a complete sign-up', () => {
    expect(validateSignUp(valid, { minLength: 8, requiredCharacters: [] })).toEqual({})
  })

  it('needs the policy’s length of password and allows at most 72 bytes', () => {
    const policy = { minLength: 8, requiredCharacters: [] }
    expect(validateSignUp({ ...valid, password: '1234567' }, policy).password).toBe('Use at least 8 characters')
    expect(validateSignUp({ ...valid, password: '12345678' }, policy).password).toBeUndefined()
    expect(validateSignUp({ ...valid, password: 'a'.repeat(72) }, policy).password).toBeUndefined()
    // 36 two-byte letters are 72 bytes; one more is too long for Auth.
    expect(validateSignUp({ ...valid, password: 'é'.repeat(37) }, policy).password).toBe('Use at most 72 characters')
    expect(validateSignUp({ ...valid, password: 'correct horse' }, { minLength: 8, requiredCharacters: ['0123456789'] }).password).toBe('Include a digit')
  })

  it.each(['ab', 'a'.repeat(33), 'has space', 'dash-ed', ''])('refuses the username %j', (username) => {
    expect(validateSignUp({ ...valid, username }).username).toBeDefined()
  })

  it('accepts capitals and surrounding spaces, which become the lower-case nickname', () => {
    expect(validateSignUp({ ...valid, username: '  Ada_L ' }, { minLength: 8, requiredCharacters: [] })).toEqual({})
    expect(normaliseUsername('  Ada_L ')).toBe('ada_l')
  })

  it.each(['', 'ada', 'ada@', 'ada@example', 'a b@example.com'])('refuses the email %j', (email) => {
    expect(validateSignUp({ ...valid, email }).email).toBeDefined()
  })
})

describe('validateSignIn', () => {
  it('needs an email and any password (the server judges the rest)', () => {
    expect(validateSignIn({ email: 'ada@example.com', password: 'x' })).toEqual({})
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: 'Enter your email address', password: 'Enter your password' })
  })
})
