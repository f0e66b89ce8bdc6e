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

