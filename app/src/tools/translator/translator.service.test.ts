import { describe, expect, it } from 'vitest'
import {
  addToHistory,
  AUTO,
  charCountLabel,
  formatConfidence,
  HISTORY_LIMIT,
  isHistory,
  languageName,
  pickTarget,
  pivotFor,
  swapLanguages,
  targetsFor,
  type EngineLanguage,
  type HistoryEntry,
} from '@/tools/translator/translator.service'

// As the BFF lists them: German → French has no direct pair and goes through English.
const LANGUAGES: EngineLanguage[] = [
  { code: 'en', name: 'English', targets: ['de', 'fr'], via: {} },
  { code: 'de', name: 'German', targets: ['en', 'fr'], via: { fr: 'en' } },
  { code: 'fr', name: 'French', targets: ['en'], via: {} },
]

const entry = (text: string, overrides: Partial<HistoryEntry> = {}): HistoryEntry => ({ id: text, source: 'en', target: 'de', text, translation: `${text}!`, detected: null, at: 1, ...overrides })

describe('targetsFor / pickTarget', () => {
  it('offers only what the engine translates the source into, never the source itself', () => {
    expect(targetsFor(LANGUAGES, 'de').map((language) => language.code)).toEqual(['en', 'fr'])
    expect(targetsFor(LANGUAGES, AUTO).map((language) => language.code)).toEqual(['en', 'de', 'fr'])
    expect(targetsFor(LANGUAGES, 'xx')).toEqual([])
  })

  it('keeps the chosen target when the new source offers it, else takes the first it does', () => {
    expect(pickTarget(LANGUAGES, 'en', 'fr')).toBe('fr')
    expect(pickTarget(LANGUAGES, 'fr', 'de')).toBe('en')
    expect(pickTarget(LANGUAGES, 'xx', 'fr')).toBe('')
  })
})

describe('swapLanguages', () => {
  it('swaps languages and texts, using the detected language for auto-detect', () => {
    expect(swapLanguages(LANGUAGES, { source: AUTO, target: 'de', text: 'hello world', translation: 'Hallo Welt', detected: { language: 'en', name: 'English', confidence: 83 } })).toEqual({
      source: 'de',
      target: 'en',
      text: 'Hallo Welt',
      translation: 'hello world',
      detected: null,
    })
  })

  it('refuses while nothing was detected or the engine cannot translate back', () => {
    expect(swapLanguages(LANGUAGES, { source: AUTO, target: 'de', text: 'x', translation: '', detected: null })).toBeNull()
    expect(swapLanguages(LANGUAGES, { source: 'de', target: 'en', text: 'x', translation: '', detected: null })).toMatchObject({ source: 'en', target: 'de', text: 'x' })
    expect(swapLanguages([{ code: 'en', name: 'English', targets: ['de'], via: {} }, { code: 'de', name: 'German', targets: [], via: {} }], { source: 'en', target: 'de', text: 'x', translation: 'y', detected: null })).toBeNull()
  })
})

describe('labels', () => {
  it('names languages, confidence and the character count', () => {
    expect(languageName(LANGUAGES, 'de')).toBe('German')
    expect(languageName(LANGUAGES, 'pt')).toBe('pt')
    expect(languageName(LANGUAGES, AUTO)).toBe('Detect language')
    expect(formatConfidence(83.4)).toBe('83%')
    expect(formatConfidence(140)).toBe('100%')
    expect(charCountLabel(1234, 5000)).toBe('1,234 / 5,000')
  })

  it('names the pivot language of a pair without a direct engine pair', () => {
    expect(pivotFor(LANGUAGES, 'de', 'fr')).toBe('English')
    expect(pivotFor(LANGUAGES, 'de', 'en')).toBeNull()
    expect(pivotFor(LANGUAGES, 'xx', 'fr')).toBeNull()
  })
})

describe('history', () => {
  it('puts the newest first, moves a repeat to the top and keeps at most the limit', () => {
    const history = addToHistory([entry('a'), entry('b')], entry('b', { id: 'b2', translation: 'new' }))
    expect(history.map((item) => item.id)).toEqual(['b2', 'a'])
    const full = Array.from({ length: HISTORY_LIMIT + 5 }, (_, index) => entry(`t${index}`)).reduce<HistoryEntry[]>((list, item) => addToHistory(list, item), [])
    expect(full).toHaveLength(HISTORY_LIMIT)
    expect(full[0]?.text).toBe(`t${HISTORY_LIMIT + 4}`)
  })

  it('a different language pair is a different entry', () => {
    expect(addToHistory([entry('a')], entry('a', { id: 'fr', target: 'fr' }))).toHaveLength(2)
  })

  it('accepts only well-formed stored histories', () => {
    expect(isHistory([entry('a')])).toBe(true)
    expect(isHistory([{ id: 'x' }])).toBe(false)
    expect(isHistory('nope')).toBe(false)
  })
})
