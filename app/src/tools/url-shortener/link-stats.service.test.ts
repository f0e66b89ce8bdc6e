import { describe, expect, it } from 'vitest'
import { statsLinkId, summarizeClicks } from '@/tools/url-shortener/link-stats.service'

describe('link statistics', () => {
  it('totals a period and names its busiest day (the latest of equals)', () => {
    expect(summarizeClicks([
      { day: '2031-03-01', clicks: 2 },
      { day: '2031-03-02', clicks: 5 },
      { day: '2031-03-03', clicks: 5 },
      { day: '2031-03-04', clicks: 0 },
    ])).toEqual({ total: 12, busiest: { day: '2031-03-03', clicks: 5 } })
  })

  it('has no busiest day when nobody clicked', () => {
    expect(summarizeClicks([{ day: '2031-03-01', clicks: 0 }])).toEqual({ total: 0, busiest: null })
  })

  it('takes only a link id from the address', () => {
    expect(statsLinkId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e')
    for (const value of [null, '', 'abc', '0f8fad5b-d9cb-469f-a165-70867728950e/../x']) expect(statsLinkId(value)).toBeNull()
  })
})
