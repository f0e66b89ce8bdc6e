import { pick, randomBelow, shuffle, cryptoUint32, type Uint32Source } from '@/tools/password-generator/random'

export const PASSWORD_LENGTH = { min: 4, max: 128, default: 20 } as const
export const PASSPHRASE_WORDS = { min: 3, max: 12, default: 5 } as const
export const MAX_COUNT = 20

export const CHARACTER_SETS = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digits: '0123456789',
  symbols: '!#$%&()*+,-./:;<=>?@[]^_{|}~',
} as const
export type CharacterSet = keyof typeof CHARACTER_SETS

/** Characters easily mistaken for one another when read or typed. */
export const LOOK_ALIKES = 'Il1O0o'

export interface PasswordOptions {
  length: number
  sets: readonly CharacterSet[]
  excludeLookAlikes: boolean
}

export function setCharacters(set: CharacterSet, excludeLookAlikes: boolean): string[] {
  const chars = [...CHARACTER_SETS[set]]
  return excludeLookAlikes ? chars.filter((char) => !LOOK_ALIKES.includes(char)) : chars
}

export function clampLength(length: number): number {
  if (!Number.isFinite(length)) return PASSWORD_LENGTH.default
  return Math.min(PASSWORD_LENGTH.max, Math.max(PASSWORD_LENGTH.min, Math.round(length)))
}

/** At least one character of every chosen set, the rest from all of them, then shuffled. */
export function generatePassword({ length, sets, excludeLookAlikes }: PasswordOptions, next: Uint32Source = cryptoUint32): string {
  if (sets.length === 0) throw new Error('Choose at least one character set')
  const size = clampLength(length)
  const groups = sets.map((set) => setCharacters(set, excludeLookAlikes))
  const pool = groups.flat()
  const required = groups.map((group) => pick(group, next))
  const rest = Array.from({ length: size - required.length }, () => pick(pool, next))
  return shuffle([...required, ...rest], next).join('')
}

/** Bits of entropy of a password drawn from the pool (the at-least-one rule costs a fraction of a bit). */
export function passwordEntropy({ length, sets, excludeLookAlikes }: PasswordOptions): number {
  const pool = sets.reduce((sum, set) => sum + setCharacters(set, excludeLookAlikes).length, 0)
  return pool > 1 ? clampLength(length) * Math.log2(pool) : 0
}

export type Capitalisation = 'lower' | 'first' | 'upper'

export interface PassphraseOptions {
  words: number
  separator: string
  capitalisation: Capitalisation
  /** Appends one random digit to one random word. */
  includeDigit: boolean
}

function capitalise(word: string, style: Capitalisation): string {
  if (style === 'upper') return word.toUpperCase()
  if (style === 'first') return word.charAt(0).toUpperCase() + word.slice(1)
  return word
}

export function generatePassphrase(list: readonly string[], options: PassphraseOptions, next: Uint32Source = cryptoUint32): string {
  const count = Math.min(PASSPHRASE_WORDS.max, Math.max(PASSPHRASE_WORDS.min, Math.round(options.words)))
  const words = Array.from({ length: count }, () => capitalise(pick(list, next), options.capitalisation))
  if (options.includeDigit) {
    const index = randomBelow(words.length, next)
    words[index] = `${words[index]}${randomBelow(10, next)}`
  }
  return words.join(options.separator)
}

export function passphraseEntropy(listSize: number, options: PassphraseOptions): number {
  const count = Math.min(PASSPHRASE_WORDS.max, Math.max(PASSPHRASE_WORDS.min, Math.round(options.words)))
  const digit = options.includeDigit ? Math.log2(10) + Math.log2(count) : 0
  return count * Math.log2(listSize) + digit
}

export type Strength = 'Very weak' | 'Weak' | 'Fair' | 'Strong' | 'Very strong'

/** Thresholds follow common guidance: under 40 bits falls to offline guessing quickly, 80+ does not. */
export function strengthOf(bits: number): Strength {
  if (bits < 28) return 'Very weak'
  if (bits < 40) return 'Weak'
  if (bits < 60) return 'Fair'
  if (bits < 100) return 'Strong'
  return 'Very strong'
}

export function parseWordList(text: string): string[] {
  return text.split('\n').map((word) => word.trim()).filter(Boolean)
}
