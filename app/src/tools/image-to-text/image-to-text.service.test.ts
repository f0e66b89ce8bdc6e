import { describe, expect, it } from 'vitest'
import { availableChoice, boxStyle, confidenceBand, countWords, isPdf, isSettings, mergeOcrResults, nextWordIndex, pagesReadSummary, textFileName, toggleLanguage, type OcrResult } from '@/tools/image-to-text/image-to-text.service'

describe('languages', () => {
  it('toggles languages but always keeps one', () => {
    expect(toggleLanguage(['eng'], 'deu')).toEqual(['eng', 'deu'])
    expect(toggleLanguage(['eng', 'deu'], 'eng')).toEqual(['deu'])
    expect(toggleLanguage(['eng'], 'eng')).toEqual(['eng'])
  })

  it('drops languages the server does not have, falling back to English', () => {
    expect(availableChoice(['deu', 'jpn'], ['eng', 'deu'])).toEqual(['deu'])
    expect(availableChoice(['jpn'], ['deu', 'eng'])).toEqual(['eng'])
    expect(availableChoice(['jpn'], ['fra'])).toEqual(['fra'])
  })

  it('accepts only well-formed stored settings', () => {
    expect(isSettings({ languages: ['eng'], psm: 6, preprocess: false })).toBe(true)
    expect(isSettings({ languages: 'eng', psm: 6, preprocess: false })).toBe(false)
    expect(isSettings(null)).toBe(false)
  })
})

describe('word boxes', () => {
  it('places a box as percentages of the image so it scales with the displayed size', () => {
    expect(boxStyle({ left: 100, top: 50, width: 200, height: 25 }, 1000, 500)).toEqual({ left: '10.000%', top: '10.000%', width: '20.000%', height: '5.000%' })
  })

  it('shades by confidence band', () => {
    expect(confidenceBand(96)).toBe('high')
    expect(confidenceBand(85)).toBe('high')
    expect(confidenceBand(70)).toBe('medium')
    expect(confidenceBand(12)).toBe('low')
  })

  it('walks the words with the arrow keys and stops at the ends', () => {
    expect(nextWordIndex(null, 'ArrowRight', 3)).toBe(0)
    expect(nextWordIndex(2, 'ArrowRight', 3)).toBe(2)
    expect(nextWordIndex(0, 'ArrowLeft', 3)).toBe(0)
    expect(nextWordIndex(null, 'ArrowLeft', 3)).toBe(2)
    expect(nextWordIndex(1, 'End', 3)).toBe(2)
    expect(nextWordIndex(1, 'Home', 3)).toBe(0)
    expect(nextWordIndex(1, 'a', 3)).toBe(1)
    expect(nextWordIndex(null, 'Home', 0)).toBeNull()
  })
})

describe('files', () => {
  it('names the text file after the image and recognises PDFs', () => {
    expect(textFileName('scan.final.png')).toBe('scan.final.txt')
    expect(textFileName('.png')).toBe('text.txt')
    expect(isPdf(new File(['%PDF'], 'a.PDF'))).toBe(true)
    expect(isPdf(new File(['x'], 'a.png', { type: 'image/png' }))).toBe(false)
  })

  it('counts the words of every page', () => {
    const word = { text: 'a', confidence: 90, box: { left: 0, top: 0, width: 1, height: 1 } }
    expect(countWords({ language: 'eng', text: 'a a a', confidence: 90, page_count: 2, next_pages: null, pages: [{ page: 1, text: 'a a', words: [word, word] }, { page: 2, text: 'a', words: [word] }] })).toBe(3)
  })
})

describe('long PDFs, a window of pages per request', () => {
  const word = (text: string, confidence: number) => ({ text, confidence, box: { left: 0, top: 0, width: 1, height: 1 } })
  const first: OcrResult = {
    language: 'eng', text: 'One\n\nTwo', confidence: 90, page_count: 3, next_pages: '3',
    pages: [{ page: 1, text: 'One', words: [word('One', 90)] }, { page: 2, text: 'Two', words: [word('Two', 90)] }],
  }
  const last: OcrResult = { language: 'eng', text: 'Three', confidence: 60, page_count: 3, next_pages: null, pages: [{ page: 3, text: 'Three', words: [word('Three', 60)] }] }

  it('joins the next window to the pages read before, with the mean confidence of every word', () => {
    const merged = mergeOcrResults(first, last)
    expect(merged.pages.map((page) => page.page)).toEqual([1, 2, 3])
    expect(merged.text).toBe('One\n\nTwo\n\nThree')
    expect(merged.confidence).toBe(80)
    expect(merged.next_pages).toBeNull()
    expect(countWords(merged)).toBe(3)
  })

  it('says how many of the pages are read', () => {
    expect(pagesReadSummary(first)).toBe('2 of 3 pages read')
  })
})
