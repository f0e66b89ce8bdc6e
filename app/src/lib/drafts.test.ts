import { beforeEach, describe, expect, it, vi } from 'vitest'
import { clearDrafts, forgetDraft, keepDraft, readDraft } from '@/lib/drafts'

interface Draft {
  title: string
  content: string
}
const isDraft = (value: unknown): value is Draft => typeof value === 'object' && value !== null && typeof (value as Draft).content === 'string'
const EMPTY: Draft = { title: '', content: '' }
const SECRET = { title: 'Launch codes', content: 'the vault opens with 0000' }

/** Every value this page could read back later from its storage, as text. */
const valuesOf = (storage: Storage) => Array.from({ length: storage.length }, (_, index) => storage.getItem(storage.key(index) ?? '') ?? '')
const storedText = () => [...valuesOf(localStorage), ...valuesOf(sessionStorage)].join('\n')

beforeEach(() => {
  clearDrafts()
  localStorage.clear()
  sessionStorage.clear()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

describe('drafts', () => {
  it('keeps a plain draft in this browser, where a reload finds it', () => {
    keepDraft('paste-new', { title: 'Notes', content: 'hello' }, { secret: false })
    expect(JSON.parse(localStorage.getItem('draft:paste-new')!)).toEqual({ title: 'Notes', content: 'hello' })
    expect(readDraft('paste-new', EMPTY, isDraft)).toEqual({ title: 'Notes', content: 'hello' })
  })

  it('keeps a secret draft in memory only, and removes the copy kept before it became secret', () => {
    keepDraft('paste-new', { title: 'Launch', content: 'the vault' }, { secret: false })
    keepDraft('paste-new', SECRET, { secret: true })
    expect(storedText()).not.toContain('vault')
    expect(storedText()).not.toContain('Launch')
    expect(readDraft('paste-new', EMPTY, isDraft)).toEqual(SECRET)
  })

  it('a draft that is no longer secret is stored again, and memory forgets it', () => {
    keepDraft('paste-new', SECRET, { secret: true })
    keepDraft('paste-new', { title: '', content: 'plain now' }, { secret: false })
    expect(readDraft('paste-new', EMPTY, isDraft)).toEqual({ title: '', content: 'plain now' })
    localStorage.clear() // what a reload would find is what was stored: nothing left in memory wins over it
    expect(readDraft('paste-new', EMPTY, isDraft)).toEqual(EMPTY)
  })

  it('forgets a draft once what it drafted was made', () => {
    keepDraft('a', { title: '', content: 'one' }, { secret: false })
    keepDraft('b', SECRET, { secret: true })
    forgetDraft('a')
    forgetDraft('b')
    expect(readDraft('a', EMPTY, isDraft)).toEqual(EMPTY)
    expect(readDraft('b', EMPTY, isDraft)).toEqual(EMPTY)
    expect(localStorage.length).toBe(0)
  })

  it('falls back to the default for a stored draft of the wrong shape', () => {
    localStorage.setItem('draft:paste-new', '{"content": 5}')
    expect(readDraft('paste-new', EMPTY, isDraft)).toEqual(EMPTY)
  })

  it('clears every draft at sign-out (with the key of earlier builds and the tool pages\' state) and nothing else', () => {
    keepDraft('paste-new', { title: '', content: 'plain' }, { secret: false })
    keepDraft('other', SECRET, { secret: true })
    localStorage.setItem('paste-draft', '{"content":"from an earlier build"}')
    localStorage.setItem('ui-theme', '"dark"')
    localStorage.setItem('pastes', '[]')
    sessionStorage.setItem('page-state:qr:text', '"https://example.com"')
    clearDrafts()
    expect({ ...localStorage }).toEqual({ 'ui-theme': '"dark"', pastes: '[]' })
    expect(sessionStorage.length).toBe(0)
    expect(readDraft('other', EMPTY, isDraft)).toEqual(EMPTY)
  })
})
