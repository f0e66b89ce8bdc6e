// Pure parts of redaction: areas as fractions of the page as shown (what the BFF takes), drawing and
// keyboard moves, the terms list, and the plain-words statements of what will go and what went.
import type { ApiSchemas } from '@/lib/api/client'

export type RedactionReport = ApiSchemas['RedactionReport']
export type RedactionMatches = ApiSchemas['RedactionMatches']
export type Box = { left: number; top: number; width: number; height: number }

export interface Area extends Box {
  id: string
  /** 1-based, as the BFF counts pages. */
  page: number
}

export const MIN_SIDE = 0.01
const STEP = 0.01
const BIG_STEP = 0.05

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))

/** Keeps a box on the page and at least MIN_SIDE wide and high. */
export function clampBox<T extends Box>(box: T): T {
  const width = clamp(box.width, MIN_SIDE, 1)
  const height = clamp(box.height, MIN_SIDE, 1)
  return { ...box, width, height, left: clamp(box.left, 0, 1 - width), top: clamp(box.top, 0, 1 - height) }
}

/** The box between two points a pointer dragged (fractions of the page), whichever way it went. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  const left = clamp(Math.min(a.x, b.x), 0, 1)
  const top = clamp(Math.min(a.y, b.y), 0, 1)
  return { left, top, width: clamp(Math.max(a.x, b.x), 0, 1) - left, height: clamp(Math.max(a.y, b.y), 0, 1) - top }
}

/** Arrow keys move an area, Shift+arrows resize it (Alt: bigger steps). Null for any other key. */
export function nudgeArea<T extends Box>(area: T, key: string, shift: boolean, alt = false): T | null {
  const step = alt ? BIG_STEP : STEP
  const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }
  const move = delta[key]
  if (!move) return null
  const [dx, dy] = move
  if (shift) return clampBox({ ...area, width: area.width + dx, height: area.height + dy })
  return clampBox({ ...area, left: area.left + dx, top: area.top + dy })
}

/** A new area in the middle of a page, for keyboard users (then moved and sized with the arrows). */
export function centredArea(page: number, id: string): Area {
  return { id, page, left: 0.3, top: 0.45, width: 0.4, height: 0.05 }
}

/** The `areas` field: page and fractions only, rounded. */
export function areasField(areas: readonly Area[]): string {
  const round = (value: number) => Math.round(value * 1e5) / 1e5
  return JSON.stringify(areas.map((area) => ({ page: area.page, left: round(area.left), top: round(area.top), width: round(area.width), height: round(area.height) })))
}

/** One term per line (or separated by commas), trimmed, each once. */
export function termsFrom(text: string): string[] {
  return [...new Set(text.split(/[\n,]/).map((term) => term.trim()).filter(Boolean))]
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

/** Before running: exactly what will be removed, in words. */
export function plannedRemoval(areas: readonly Area[], terms: readonly string[], matches: RedactionMatches | null): string[] {
  const lines: string[] = []
  const areaPages = [...new Set(areas.map((area) => area.page))].sort((a, b) => a - b)
  if (areas.length > 0) lines.push(`Everything under ${plural(areas.length, 'black area')} on ${pagesText(areaPages)}: text, pictures and drawings.`)
  if (terms.length > 0) {
    const found = matches ? ` (${plural(matches.total, 'match', 'matches')} found on ${plural(matches.pages.length, 'page')})` : ''
    lines.push(`Every occurrence of ${terms.map((term) => `“${term}”`).join(', ')} in the pages' text${found}, and in the title, author, subject, keywords, bookmarks and comments.`)
  }
  if (lines.length > 0) {
    lines.push('Pages with something to remove become images with their other words kept as invisible, selectable text; their links, comments and form fields are removed.')
    lines.push('Attachments and scripts in the file are removed. Other pages stay exactly as they are.')
  }
  return lines
}

function pagesText(pages: readonly number[]): string {
  if (pages.length === 1) return `page ${pages[0]}`
  return `pages ${pages.slice(0, -1).join(', ')} and ${pages.at(-1)}`
}

/** After running: what the report says went, in words. */
export function removedSummary(report: RedactionReport): string[] {
  const lines = report.pages.map(
    (page) =>
      `Page ${page.page}: ${plural(page.characters_removed, 'character')} removed` +
      (page.areas ? `, ${plural(page.areas, 'area')}` : '') +
      (page.matches ? `, ${plural(page.matches, 'match', 'matches')}` : '') +
      (page.annotations_removed ? `, ${plural(page.annotations_removed, 'annotation')} removed` : ''),
  )
  const scrubbed = report.scrubbed
  if (scrubbed.metadata_fields.length) lines.push(`Properties cleaned: ${scrubbed.metadata_fields.join(', ')}`)
  if (scrubbed.xmp_removed) lines.push('XMP metadata removed')
  if (scrubbed.bookmarks) lines.push(`${plural(scrubbed.bookmarks, 'bookmark')} renamed`)
  if (scrubbed.annotations_removed) lines.push(`${plural(scrubbed.annotations_removed, 'comment or link')} elsewhere removed`)
  if (scrubbed.form_fields_removed) lines.push(`${plural(scrubbed.form_fields_removed, 'form field')} removed`)
  if (scrubbed.attachments_removed.length) lines.push(`Attachments removed: ${scrubbed.attachments_removed.join(', ')}`)
  if (scrubbed.scripts_removed) lines.push(`${plural(scrubbed.scripts_removed, 'script')} removed`)
  if (scrubbed.tags_removed) lines.push('Accessibility tags removed (they described the removed content)')
  if (scrubbed.other_strings) lines.push(`${plural(scrubbed.other_strings, 'other text entry', 'other text entries')} cleaned`)
  if (report.pages.length) lines.push(`Redacted pages redrawn at ${report.dpi} dpi`)
  return lines
}
