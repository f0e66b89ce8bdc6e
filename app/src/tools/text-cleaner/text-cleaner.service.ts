// Text transforms: each a pure function of the text, so they chain in any order and undo is just
// keeping the previous string.
export type TransformId =
  | 'trim'
  | 'collapse-spaces'
  | 'remove-empty-lines'
  | 'remove-duplicate-lines'
  | 'remove-line-breaks'
  | 'sort-az'
  | 'sort-za'
  | 'sort-natural'
  | 'sort-length'
  | 'upper'
  | 'lower'
  | 'title'
  | 'sentence'
  | 'camel'
  | 'snake'
  | 'kebab'
  | 'strip-html'
  | 'remove-diacritics'
  | 'straighten-quotes'
  | 'remove-invisible'

const lines = (text: string) => text.split(/\r\n|\r|\n/)
const collator = new Intl.Collator(undefined, { sensitivity: 'variant' })
const naturalCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/** A capital that has a lower-case form (𝐀, mathematical bold, has none: it stays as it is). */
const lowersTo = (word: string) => {
  const [first = ''] = Array.from(word)
  return first.toLowerCase() !== first
}

/**
 * Words for the programmer cases: split on anything not a letter, combining mark or digit and on
 * lower→Upper steps.
 * Only capitals that lower-case count as steps, so snake_case and kebab-case stay idempotent.
 */
export function splitWords(text: string): string[] {
  return text
    .replace(/(\p{Ll}|\p{Nd})(\p{Lu})/gu, (step, before: string, capital: string) => (lowersTo(capital) ? `${before} ${capital}` : step))
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, (step, before: string, rest: string) => (lowersTo(rest) ? `${before} ${rest}` : step))
    .split(/[^\p{L}\p{M}\p{Nd}]+/u)
    .filter(Boolean)
}

/** Upper-cases one letter; where that yields several (ᾀ → ἈΙ), only the first stays capital, as a title-case letter would. */
function capital(letter: string): string {
  const [first = '', ...rest] = Array.from(letter.toUpperCase())
  return first + rest.join('').toLowerCase()
}

function perLine(text: string, convert: (line: string) => string): string {
  return lines(text).map(convert).join('\n')
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s\-–—("'“‘/])(\p{Ll})/gu, (_, before: string, letter: string) => before + capital(letter))
}

function sentenceCase(text: string): string {
  return text.toLowerCase().replace(/(^\s*|[.!?]\s+)(\p{Ll})/gu, (_, before: string, letter: string) => before + capital(letter))
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1]?.toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10)
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : match
    }
    return ENTITIES[entity.toLowerCase()] ?? match
  })
}

export function stripHtml(text: string): string {
  const withoutTags = text
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote|pre)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
  return decodeEntities(withoutTags)
}

export const TRANSFORMS: Record<TransformId, { label: string; apply: (text: string) => string }> = {
  trim: { label: 'Trim', apply: (text) => perLine(text, (line) => line.trim()).trim() },
  'collapse-spaces': { label: 'Collapse spaces', apply: (text) => text.replace(/[^\S\r\n]+/g, ' ') },
  'remove-empty-lines': { label: 'Remove empty lines', apply: (text) => lines(text).filter((line) => line.trim() !== '').join('\n') },
  'remove-duplicate-lines': { label: 'Remove duplicate lines', apply: (text) => [...new Set(lines(text))].join('\n') },
  'remove-line-breaks': {
    label: 'Remove line breaks',
    apply: (text) => lines(text).map((line) => line.trim()).filter(Boolean).join(' '),
  },
  'sort-az': { label: 'Sort A–Z', apply: (text) => lines(text).sort(collator.compare).join('\n') },
  'sort-za': { label: 'Sort Z–A', apply: (text) => lines(text).sort((a, b) => collator.compare(b, a)).join('\n') },
  'sort-natural': { label: 'Sort naturally (2 before 10)', apply: (text) => lines(text).sort((a, b) => naturalCollator.compare(a, b) || collator.compare(a, b)).join('\n') },
  'sort-length': { label: 'Sort by length', apply: (text) => lines(text).sort((a, b) => a.length - b.length || collator.compare(a, b)).join('\n') },
  upper: { label: 'UPPER CASE', apply: (text) => text.toUpperCase() },
  lower: { label: 'lower case', apply: (text) => text.toLowerCase() },
  title: { label: 'Title Case', apply: titleCase },
  sentence: { label: 'Sentence case', apply: sentenceCase },
  camel: {
    label: 'camelCase',
    apply: (text) =>
      perLine(text, (line) =>
        splitWords(line)
          .map((word, index) => (index === 0 ? word.toLowerCase() : capital(word.charAt(0)) + word.slice(1).toLowerCase()))
          .join(''),
      ),
  },
  snake: { label: 'snake_case', apply: (text) => perLine(text, (line) => splitWords(line).map((word) => word.toLowerCase()).join('_')) },
  kebab: { label: 'kebab-case', apply: (text) => perLine(text, (line) => splitWords(line).map((word) => word.toLowerCase()).join('-')) },
  'strip-html': { label: 'Strip HTML tags', apply: stripHtml },
  'remove-diacritics': { label: 'Remove diacritics', apply: (text) => text.normalize('NFD').replace(/\p{M}+/gu, '').normalize('NFC') },
  'straighten-quotes': {
    label: 'Straighten smart quotes',
    apply: (text) => text.replace(/[\u2018\u2019\u201A\u201B\u2032\u2035]/g, "'").replace(/[\u201C\u201D\u201E\u201F\u2033\u2036\u00AB\u00BB]/g, '"'),
  },
  'remove-invisible': {
    label: 'Remove zero-width and control characters',
    // Tab, line feed and carriage return are layout, not noise: they stay.
    apply: (text) => text.replace(/[\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF\u00AD]|(?![\t\n\r])\p{Cc}/gu, ''),
  },
}

export function applyChain(text: string, chain: readonly TransformId[]): string {
  return chain.reduce((current, id) => TRANSFORMS[id].apply(current), text)
}

export interface ReplaceOptions {
  find: string
  replace: string
  regex: boolean
  caseSensitive: boolean
}

/** Replaces every match; returns the text and how many matches there were, or the regex's error. */
export function findAndReplace(text: string, { find, replace, regex, caseSensitive }: ReplaceOptions): { text: string; count: number } | { error: string } {
  if (!find) return { text, count: 0 }
  let pattern: RegExp
  try {
    pattern = new RegExp(regex ? find : find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), caseSensitive ? 'gu' : 'giu')
  } catch (error) {
    return { error: `Invalid regular expression: ${(error as Error).message}` }
  }
  let count = 0
  const result = text.replace(pattern, (...args) => {
    count += 1
    if (!regex) return replace
    // Let $1, $<name> and $& work as in String.replace by replacing this one match again.
    const match = args[0]
    return match.replace(new RegExp(pattern.source, pattern.flags.replace('g', '')), replace)
  })
  return { text: result, count }
}

export interface TextCounts {
  characters: number
  words: number
  lines: number
  bytes: number
}

const graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null
const encoder = new TextEncoder()

export function countText(text: string): TextCounts {
  return {
    // What a person calls a character: "é" and "👍🏽" count once.
    characters: graphemes ? Array.from(graphemes.segment(text)).length : Array.from(text).length,
    words: text.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0,
    lines: text === '' ? 0 : lines(text).length,
    bytes: encoder.encode(text).length,
  }
}
