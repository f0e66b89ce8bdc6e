import { describe, expect, it, vi } from 'vitest'
import { readStorage, removeStorage, writeStorage } from '@/lib/storage'

describe('readStorage', () => {
  it('returns the default when the key is missing, without warning', () => {
    const warn = vi.spyOn(console, 'warn')
    expect(readStorage('missing', 7)).toBe(7)
    expect(warn).not.toHaveBeenCalled()
  })

  it('parses stored JSON values', () => {
    localStorage.setItem('count', '3')
    localStorage.setItem('theme', '"dark"')
    localStorage.setItem('list', '["a","b"]')
    expect(readStorage('count', 0)).toBe(3)
    expect(readStorage('theme', 'system')).toBe('dark')
    expect(readStorage<string[]>('list', [])).toEqual(['a', 'b'])
  })

  it('falls back to the default and warns, naming the key, on corrupt JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    localStorage.setItem('ui-theme', '{not json')
    expect(readStorage('ui-theme', 'system')).toBe('system')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toContain('"ui-theme"')
  })

  it('rejects values that fail the validator', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    localStorage.setItem('install-prompt-shown-count', '"lots"')
    const isNumber = (value: unknown): value is number => typeof value === 'number'
    expect(readStorage('install-prompt-shown-count', 0, isNumber)).toBe(0)
    expect(String(warn.mock.calls[0]?.[0])).toContain('"install-prompt-shown-count"')
  })

  it('falls back and warns when the storage read itself throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(readStorage('recent-tools', ['x'])).toEqual(['x'])
    expect(String(warn.mock.calls[0]?.[0])).toContain('"recent-tools"')
  })
})

describe('writeStorage', () => {
  it('stores values as JSON', () => {
    expect(writeStorage('install-prompt-last-shown', '2025-01-01T00:00:00.000Z')).toBe(true)
    expect(localStorage.getItem('install-prompt-last-shown')).toBe('"2025-01-01T00:00:00.000Z"')
    writeStorage('install-prompt-shown-count', 2)
    expect(localStorage.getItem('install-prompt-shown-count')).toBe('2')
  })

  it('returns false and warns, naming the key, when the write fails', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(writeStorage('ui-theme', 'dark')).toBe(false)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toContain('"ui-theme"')
  })

  it('removes keys', () => {
    localStorage.setItem('gone', '1')
    removeStorage('gone')
    expect(localStorage.getItem('gone')).toBeNull()
  })
})
