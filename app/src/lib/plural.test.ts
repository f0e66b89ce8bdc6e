import { describe, expect, it } from 'vitest'
import { countOf } from '@/lib/plural'

describe('countOf', () => {
  it('picks the singular for one and the plural otherwise, with grouped digits', () => {
    expect([0, 1, 2, 1204].map((count) => countOf(count, 'like'))).toEqual(['0 likes', '1 like', '2 likes', '1,204 likes'])
    expect(countOf(1, 'match', 'matches')).toBe('1 match')
    expect(countOf(3, 'match', 'matches')).toBe('3 matches')
  })
})
