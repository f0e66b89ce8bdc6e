import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import wordListText from '@/tools/password-generator/eff-large-wordlist.txt?raw'
import {
  CHARACTER_SETS,
  LOOK_ALIKES,
  generatePassphrase,
  generatePassword,
  parseWordList,
  passphraseEntropy,
  passwordEntropy,
  setCharacters,
  strengthOf,
  type CharacterSet,
} from '@/tools/password-generator/password-generator.service'
import { randomBelow } from '@/tools/password-generator/random'

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: Map<string, number>, categories: readonly string[], draws: number): number {
  const expected = draws / categories.length
  return categories.reduce((sum, key) => sum + ((counts.get(key) ?? 0) - expected) ** 2 / expected, 0)
}

/** Critical value for p = 1e-6 (Wilson–Hilferty): a correct generator fails about once in a million runs. */
function critical(degrees: number): number {
  const z = 4.753
  return degrees * (1 - 2 / (9 * degrees) + z * Math.sqrt(2 / (9 * degrees))) ** 3
}

function tally(text: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1)
  return counts
}

describe('randomBelow', () => {
  it('rejects draws from the incomplete top range instead of folding them onto small values', () => {
    // 2^32 % 3 === 1, so 2^32 - 1 lies above the last full block of 3 and must be redrawn.
    const draws = [2 ** 32 - 1, 7]
    expect(randomBelow(3, () => draws.shift()!)).toBe(1)
    expect(draws).toEqual([])
  })

  it('refuses ranges it cannot draw from', () => {
    expect(() => randomBelow(0)).toThrow(RangeError)
  })
})

describe('generatePassword', () => {
  const allSets: CharacterSet[] = ['lower', 'upper', 'digits', 'symbols']

  it.each(allSets)('draws every character of the %s set with equal frequency', (set) => {
    const chars = setCharacters(set, false)
    const passwords = Array.from({ length: 400 }, () => generatePassword({ length: 128, sets: [set], excludeLookAlikes: false }))
    const draws = passwords.length * 128
    const counts = tally(passwords.join(''))
    expect([...counts.keys()].sort()).toEqual([...chars].sort())
    expect(chiSquare(counts, chars, draws)).toBeLessThan(critical(chars.length - 1))
  }, 30_000) // tens of thousands of draws: generous on a loaded machine

  it('is uniform over the union of all sets without look-alikes', () => {
    const chars = allSets.flatMap((set) => setCharacters(set, true))
    const passwords = Array.from({ length: 600 }, () => generatePassword({ length: 128, sets: allSets, excludeLookAlikes: true }))
    const counts = tally(passwords.join(''))
    // The at-least-one rule adds 4 forced picks per password; small against 128 and within the bound.
    expect(chiSquare(counts, chars, passwords.length * 128)).toBeLessThan(critical(chars.length - 1))
  }, 30_000)

  it('always has the requested length, one of each chosen set, and no look-alikes when excluded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 128 }),
        fc.subarray(allSets, { minLength: 1 }),
        fc.boolean(),
        (length, sets, excludeLookAlikes) => {
          const password = generatePassword({ length, sets, excludeLookAlikes })
          expect(password).toHaveLength(length)
          for (const set of sets) expect([...password].some((char) => CHARACTER_SETS[set].includes(char))).toBe(true)
          for (const set of allSets.filter((s) => !sets.includes(s))) {
            expect([...password].some((char) => CHARACTER_SETS[set].includes(char))).toBe(false)
          }
          if (excludeLookAlikes) expect([...password].some((char) => LOOK_ALIKES.includes(char))).toBe(false)
        },
      ),
    )
  })

  it('clamps the length to 4..128 and needs a set', () => {
    expect(generatePassword({ length: 1, sets: ['digits'], excludeLookAlikes: false })).toHaveLength(4)
    expect(generatePassword({ length: 500, sets: ['digits'], excludeLookAlikes: false })).toHaveLength(128)
    expect(() => generatePassword({ length: 10, sets: [], excludeLookAlikes: false })).toThrow('Choose at least one character set')
  })
})

describe('passphrases', () => {
  const words = parseWordList(wordListText)

  it('bundles the EFF large word list', () => {
    expect(words).toHaveLength(7776)
    expect(new Set(words).size).toBe(7776)
    expect(words[0]).toBe('abacus')
  })

  it('joins the chosen number of list words with the separator, capitalised as asked', () => {
    // Not '-': a few list words are hyphenated ("yo-yo").
    const phrase = generatePassphrase(words, { words: 6, separator: '_', capitalisation: 'first', includeDigit: false })
    const parts = phrase.split('_')
    expect(parts).toHaveLength(6)
    for (const part of parts) {
      expect(part.charAt(0)).toBe(part.charAt(0).toUpperCase())
      expect(words).toContain(part.toLowerCase())
    }
  })

  it('adds exactly one digit to one word when asked', () => {
    const phrase = generatePassphrase(words, { words: 4, separator: ' ', capitalisation: 'upper', includeDigit: true })
    expect(phrase.match(/\d/g)).toHaveLength(1)
    expect(phrase).toBe(phrase.toUpperCase())
  })
})

describe('entropy and strength', () => {
  it('counts bits from the pool size and length', () => {
    expect(passwordEntropy({ length: 10, sets: ['digits'], excludeLookAlikes: false })).toBeCloseTo(33.22, 2)
    // Without look-alikes the digits lose 0 and 1.
    expect(passwordEntropy({ length: 10, sets: ['digits'], excludeLookAlikes: true })).toBeCloseTo(30, 2)
    expect(passphraseEntropy(7776, { words: 6, separator: '-', capitalisation: 'lower', includeDigit: false })).toBeCloseTo(77.55, 2)
  })

  it('labels strength by bits', () => {
    expect([20, 35, 50, 80, 130].map(strengthOf)).toEqual(['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'])
  })
})
