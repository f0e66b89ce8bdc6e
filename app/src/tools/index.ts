// The tool registry: one entry per tool drives routes, the home page, /all-tools,
// the command palette and page metadata. Add a tool here and it appears everywhere.
import { converterTool } from '@/tools/converter'
import { translatorTool } from '@/tools/translator'
import { usernameCheckerTool } from '@/tools/username-checker'
import { colorPickerTool } from '@/tools/color-picker'
import { qrGeneratorTool } from '@/tools/qr-generator'
import { passwordGeneratorTool } from '@/tools/password-generator'
import { textCleanerTool } from '@/tools/text-cleaner'
import { urlShortenerTool } from '@/tools/url-shortener'
import { imageToTextTool } from '@/tools/image-to-text'
import { imageMetadataTool } from '@/tools/image-metadata'
import { pdfEditorTool } from '@/tools/pdf-editor'
import { pastesTool } from '@/tools/pastes'
import { TOOL_CATEGORIES, type ToolCategory, type ToolDefinition } from '@/tools/define-tool'

export const tools: readonly Readonly<ToolDefinition>[] = Object.freeze([
  converterTool,
  translatorTool,
  usernameCheckerTool,
  colorPickerTool,
  qrGeneratorTool,
  passwordGeneratorTool,
  textCleanerTool,
  urlShortenerTool,
  imageToTextTool,
  imageMetadataTool,
  pdfEditorTool,
  pastesTool,
])

export function findToolByPath(path: string): Readonly<ToolDefinition> | undefined {
  return tools.find((tool) => tool.path === path)
}

export function toolsByCategory(list: readonly Readonly<ToolDefinition>[] = tools): [ToolCategory, Readonly<ToolDefinition>[]][] {
  return TOOL_CATEGORIES.map((category) => [category, list.filter((tool) => tool.category === category)] as [ToolCategory, Readonly<ToolDefinition>[]]).filter(
    ([, entries]) => entries.length > 0,
  )
}

/**
 * How well one query word fits a tool, best first: a word of the name is the query word (0), a
 * keyword is (1), a word of the name starts with it (2), a keyword does (3), it appears anywhere (4).
 * Undefined: no match.
 */
function wordRank(tool: Readonly<ToolDefinition>, word: string): number | undefined {
  const nameWords = tool.name.toLowerCase().split(/\s+/)
  const keywords = tool.keywords.map((keyword) => keyword.toLowerCase())
  const tiers = [
    nameWords.includes(word),
    keywords.includes(word),
    nameWords.some((part) => part.startsWith(word)),
    keywords.some((keyword) => keyword.startsWith(word)),
    [tool.name, tool.description, tool.category, ...keywords].join(' ').toLowerCase().includes(word),
  ]
  const tier = tiers.indexOf(true)
  return tier < 0 ? undefined : tier
}

/**
 * Case-insensitive match on name, description, keywords and category; every word must match.
 * Ranked so "pdf" puts the PDF editor (its name) before the converter (a keyword); ties keep the registry's order.
 */
export function searchTools(query: string, list: readonly Readonly<ToolDefinition>[] = tools): Readonly<ToolDefinition>[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...list]
  const ranked = list.flatMap((tool, index) => {
    const ranks = words.map((word) => wordRank(tool, word))
    if (ranks.some((rank) => rank === undefined)) return []
    return [{ tool, index, score: ranks.reduce<number>((sum, rank) => sum + (rank ?? 0), 0) }]
  })
  return ranked.sort((a, b) => a.score - b.score || a.index - b.index).map(({ tool }) => tool)
}
