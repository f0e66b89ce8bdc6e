import { describe, expect, it } from 'vitest'
import { formatBytes, sizeChange } from '@/components/tool-workspace/format-bytes'

describe('formatBytes', () => {
  it('uses binary units with one decimal below 100', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(1023)).toBe('1023 B')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(25 * 1024 * 1024)).toBe('25.0 MB')
    expect(formatBytes(150 * 1024)).toBe('150 KB')
  })

  it('shows a dash for sizes that are not sizes', () => {
    expect(formatBytes(-1)).toBe('—')
    expect(formatBytes(Number.NaN)).toBe('—')
  })
})

describe('sizeChange', () => {
  it('reports smaller and larger results as signed percentages', () => {
    expect(sizeChange(1000, 580)).toBe('−42%')
    expect(sizeChange(1000, 1030)).toBe('+3%')
    expect(sizeChange(0, 10)).toBe('')
  })
})
