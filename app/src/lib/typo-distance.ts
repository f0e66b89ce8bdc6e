/**
 * How many typing slips turn `typed` into `word`: a letter left out, one too many, a wrong one, or two
 * neighbours swapped ("translte", "tarnslate"), each counting one (optimal string alignment).
 */
export function typoDistance(typed: string, word: string): number {
  // Three rows of the edit table: two rows up (for a swap), the one above, and this one.
  let before: number[] = []
  let previous = Array.from({ length: word.length + 1 }, (_, index) => index)
  for (let i = 1; i <= typed.length; i++) {
    const current = [i]
    for (let j = 1; j <= word.length; j++) {
      const cell = (row: number[], at: number) => row[at] ?? Infinity
      let best = Math.min(cell(previous, j) + 1, cell(current, j - 1) + 1, cell(previous, j - 1) + (typed[i - 1] === word[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && typed[i - 1] === word[j - 2] && typed[i - 2] === word[j - 1]) best = Math.min(best, cell(before, j - 2) + 1)
      current.push(best)
    }
    before = previous
    previous = current
  }
  return previous[word.length] ?? Infinity
}

/** Slips forgiven in a typed word: none under 4 letters (too many words are that close), 1, or 2 from 8 letters. */
export function forgivenSlips(typed: string): number {
  return typed.length >= 8 ? 2 : typed.length >= 4 ? 1 : 0
}

/** Whether `typed` is `word`, or the start of it, give or take the slips its length forgives. */
export function nearlyMatches(typed: string, word: string): boolean {
  const slips = forgivenSlips(typed)
  if (slips === 0) return false
  // The start of the word as long as what was typed, one letter longer or shorter (a letter left out or doubled).
  const lengths = new Set([word.length, typed.length - 1, typed.length, typed.length + 1].filter((length) => length > 0 && length <= word.length))
  return [...lengths].some((length) => typoDistance(typed, word.slice(0, length)) <= slips)
}
