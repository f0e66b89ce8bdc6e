import { beforeEach, describe, expect, it, vi } from 'vitest'
import { findLocalPaste, PASTES_KEY, readLocalPastes, rememberPastes, replaceLocalPaste, syncedIdFor, toLocalPaste } from '@/features/pastes/paste-store'
import { recordNotices } from '@/testing/record-notices'

let notifyMock: ReturnType<typeof recordNotices>
beforeEach(() => {
  notifyMock = recordNotices()
})

const paste = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  title: `Paste ${id}`,
  content: `content of ${id}`,
  language: 'plaintext',
  privacy: 'public' as const,
  user_id: null,
  created_at: '2030-01-01T10:00:00Z',
  updated_at: '2030-01-01T10:00:00Z',
  expires_at: null,
  burn_after_read: false,
  views: 2,
  likes: 1,
  encrypted: false,
  ...overrides,
})

beforeEach(() => vi.clearAllMocks())

describe("the local 'pastes' copy", () => {
  it('keeps pastes in the SPEC shape (isPublic, userId, createdAt, expirationDate…) under the key pastes', () => {
    rememberPastes([toLocalPaste(paste('abc123', { user_id: 'u1', privacy: 'private' }))])
    const stored = JSON.parse(localStorage.getItem(PASTES_KEY) ?? '[]') as Record<string, unknown>[]
    expect(stored[0]).toMatchObject({ id: 'abc123', title: 'Paste abc123', privacy: 'private', isPublic: false, userId: 'u1', createdAt: '2030-01-01T10:00:00Z', expirationDate: null, views: 2, likes: 1, content: 'content of abc123' })
  })

  it('drops expired pastes when read', () => {
    const now = Date.parse('2030-06-01T00:00:00Z')
    rememberPastes([toLocalPaste(paste('old111', { expires_at: '2030-05-01T00:00:00Z' })), toLocalPaste(paste('new111', { expires_at: '2030-07-01T00:00:00Z' }))])
    expect(readLocalPastes(now).map((item) => item.id)).toEqual(['new111'])
    expect(JSON.parse(localStorage.getItem(PASTES_KEY) ?? '[]')).toHaveLength(1)
  })

  it('a refresh from a list (preview only) keeps the full text read earlier', () => {
    rememberPastes([toLocalPaste(paste('abc123'))])
    const { content: _content, ...listItem } = paste('abc123', { views: 5 })
    rememberPastes([toLocalPaste({ ...listItem, preview: 'content', size: 17 })])
    expect(findLocalPaste('abc123')).toMatchObject({ views: 5, content: 'content of abc123' })
  })

  it('a synced offline paste replaces its local stand-in and remembers where it went', () => {
    rememberPastes([{ ...toLocalPaste(paste('local-xyz')), pending: true }])
    replaceLocalPaste('local-xyz', toLocalPaste(paste('Real123456')))
    expect(readLocalPastes().map((item) => item.id)).toEqual(['Real123456'])
    expect(syncedIdFor('local-xyz')).toBe('Real123456')
  })

  it("says 'Failed to save pastes' when the browser refuses to store them", () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    rememberPastes([toLocalPaste(paste('abc123'))])
    expect(notifyMock.error).toHaveBeenCalledWith('Failed to save pastes')
  })
})
