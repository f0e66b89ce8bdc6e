import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { lastUpdated } from '@/app/routes/last-updated'

describe('lastUpdated', () => {
  it('dates each information page from its file’s last commit, not from a date written by hand', () => {
    for (const page of ['privacy-policy', 'terms-of-service', 'faq'] as const) {
      const file = `src/app/routes/${page}.tsx`
      const committed = execFileSync('git', ['log', '-1', '--format=%cI', '--', file], { encoding: 'utf8' }).trim().slice(0, 10)
      const edited = execFileSync('git', ['status', '--porcelain', '--', file], { encoding: 'utf8' }).trim() !== ''
      const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${committed}T00:00:00Z`))
      if (!edited) expect(lastUpdated(page)).toBe(`Last updated ${expected}`)
      expect(lastUpdated(page)).not.toContain('1 June 2025')
    }
  })
})
