import { describe, expect, it } from 'vitest'
import { areasField, boxBetween, centredArea, clampBox, nudgeArea, plannedRemoval, removedSummary, termsFrom, type RedactionReport } from '@/tools/pdf-editor/redaction.service'

describe('redaction areas', () => {
  it('takes a drag in any direction as one box on the page', () => {
    expect(boxBetween({ x: 0.6, y: 0.5 }, { x: 0.2, y: 0.4 })).toEqual({ left: 0.2, top: 0.4, width: 0.39999999999999997, height: 0.09999999999999998 })
    expect(boxBetween({ x: -0.5, y: 0.9 }, { x: 0.1, y: 1.4 })).toEqual({ left: 0, top: 0.9, width: 0.1, height: 0.09999999999999998 })
  })

  it('moves with the arrows and resizes with Shift, never off the page', () => {
    const area = centredArea(2, 'a')
    expect(nudgeArea(area, 'ArrowRight', false)).toMatchObject({ left: 0.31, top: 0.45, width: 0.4 })
    expect(nudgeArea(area, 'ArrowDown', true)).toMatchObject({ left: 0.3, height: 0.060000000000000005 })
    expect(nudgeArea({ ...area, left: 0.59 }, 'ArrowRight', false, true)).toMatchObject({ left: 0.6 })
    expect(nudgeArea({ ...area, height: 0.01 }, 'ArrowUp', true)).toMatchObject({ height: 0.01 })
    expect(nudgeArea(area, 'Enter', false)).toBeNull()
    expect(clampBox({ left: 0.95, top: -1, width: 0.2, height: 3 })).toEqual({ left: 0.8, top: 0, width: 0.2, height: 1 })
  })

  it('sends the page and the fractions only', () => {
    expect(JSON.parse(areasField([{ ...centredArea(3, 'x'), left: 0.123456789 }]))).toEqual([{ page: 3, left: 0.12346, top: 0.45, width: 0.4, height: 0.05 }])
  })

  it('reads terms one per line or separated by commas, each once', () => {
    expect(termsFrom(' ACME Corp\n48213, ACME Corp\n\n, ')).toEqual(['ACME Corp', '48213'])
  })
})

describe('what redaction removes, in words', () => {
  it('states the plan before anything runs', () => {
    const lines = plannedRemoval([centredArea(1, 'a'), centredArea(3, 'b')], ['ACME'], { total: 4, pages: [{ page: 1, matches: [] }, { page: 2, matches: [] }] })
    expect(lines[0]).toBe('Everything under 2 black areas on pages 1 and 3: text, pictures and drawings.')
    expect(lines[1]).toContain('Every occurrence of “ACME” in the pages\' text (4 matches found on 2 pages)')
    expect(lines).toHaveLength(4)
    expect(plannedRemoval([], [], null)).toEqual([])
  })

  it('reads the report back', () => {
    const report: RedactionReport = {
      dpi: 200,
      page_count: 3,
      pages: [{ page: 1, areas: 1, matches: 2, characters_removed: 38, annotations_removed: 1 }],
      terms: [{ term: 'ACME', matches: 2, pages: [1] }],
      scrubbed: { metadata_fields: ['Title'], xmp_removed: 1, bookmarks: 1, annotations_removed: 0, form_fields_removed: 1, attachments_removed: ['a.txt'], scripts_removed: 0, tags_removed: true, other_strings: 0 },
    }
    expect(removedSummary(report)).toEqual([
      'Page 1: 38 characters removed, 1 area, 2 matches, 1 annotation removed',
      'Properties cleaned: Title',
      'XMP metadata removed',
      '1 bookmark renamed',
      '1 form field removed',
      'Attachments removed: a.txt',
      'Accessibility tags removed (they described the removed content)',
      'Redacted pages redrawn at 200 dpi',
    ])
  })
})
