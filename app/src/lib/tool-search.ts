// Tool search for /all-tools and the command palette (Ctrl+K), both loaded on first use: kept out of
// the tool registry so the first page of the site does not carry it.
import { nearlyMatches } from '@/lib/typo-distance'

/** What a search reads of a tool (the registry's entries and the navigation's tools have it). */
export interface SearchableTool {
  name: string
  description: string
  category: string
  keywords: readonly string[]
}

/**
 * How well one query word fits a tool, best first: a word of the name is the query word (0), a
 * keyword is (1), a word of the name starts with it (2), a keyword does (3), it appears anywhere (4),
 * a word of the name or a keyword is it or starts with it give or take a typing slip (5: "translte").
 * Undefined: no match.
 */
function wordRank(tool: SearchableTool, word: string): number | undefined {
  const nameWords = tool.name.toLowerCase().split(/\s+/)
  const keywords = tool.keywords.map((keyword) => keyword.toLowerCase())
  const tiers = [
    nameWords.includes(word),
    keywords.includes(word),
    nameWords.some((part) => part.startsWith(word)),
    keywords.some((keyword) => keyword.startsWith(word)),
    [tool.name, tool.description, tool.category, ...keywords].join(' ').toLowerCase().includes(word),
    [...nameWords, ...keywords].some((candidate) => nearlyMatches(word, candidate)),
  ]
  const tier = tiers.indexOf(true)
  return tier < 0 ? undefined : tier
}

/**
 * Case-insensitive match on name, description, keywords and category; every word must match, a
 * slip forgiven in words of four letters or more. Ranked so "pdf" puts the PDF editor (its name) before the converter (a keyword); ties keep the registry's order.
 */
export function rankTools<T extends SearchableTool>(query: string, list: readonly T[]): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...list]
  const ranked = list.flatMap((tool, index) => {
    const ranks = words.map((word) => wordRank(tool, word))
    if (ranks.some((rank) => rank === undefined)) return []
    return [{ tool, index, score: ranks.reduce<number>((sum, rank) => sum + (rank ?? 0), 0) }]
  })
  return ranked.sort((a, b) => a.score - b.score || a.index - b.index).map(({ tool }) => tool)
}
