import { describe, expect, it } from 'vitest'
import { nearlyMatches, typoDistance } from '@/lib/typo-distance'

describe('typo distance', () => {
  it('counts a missing, extra, wrong or swapped letter as one slip', () => {
    expect(typoDistance('translate', 'translate')).toBe(0)
    expect(typoDistance('translte', 'translate')).toBe(1)
    expect(typoDistance('transslate', 'translate')).toBe(1)
    expect(typoDistance('tranzlate', 'translate')).toBe(1)
    expect(typoDistance('tarnslate', 'translate')).toBe(1)
    expect(typoDistance('trnslte', 'translate')).toBe(2)
    expect(typoDistance('', 'qr')).toBe(2)
  })

  it('forgives one slip from 4 letters, two from 8, and none in shorter words', () => {
    expect(nearlyMatches('translte', 'translate')).toBe(true)
    expect(nearlyMatches('trnslte', 'translate')).toBe(false) // 7 letters: one slip only
    expect(nearlyMatches('pasword', 'password')).toBe(true)
    expect(nearlyMatches('convrter', 'converter')).toBe(true)
    expect(nearlyMatches('qe', 'qr')).toBe(false)
    expect(nearlyMatches('shortner', 'shortener')).toBe(true)
  })

  it('matches the start of a longer word typed with a slip', () => {
    expect(nearlyMatches('trnsl', 'translator')).toBe(true)
    expect(nearlyMatches('metdata', 'metadata')).toBe(true)
    expect(nearlyMatches('zzzz', 'translator')).toBe(false)
  })
})
