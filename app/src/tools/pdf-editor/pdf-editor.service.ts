// The page grid's model and how its edits become BFF calls. Pure, so the planning is unit-tested.

export type Rotation = 0 | 90 | 180 | 270

export interface PageTile {
  /** Stable across moves, for React keys and drag and drop. */
  key: string
  /** Which of the loaded PDFs the page comes from (0 = the first). */
  source: number
  /** 1-based page number inside its source. */
  page: number
  /** Turn added on top of the page's own rotation, clockwise. */
  rotation: Rotation
  thumbnail: string | null
  selected: boolean
}

export function tilesFor(source: number, pageCount: number, thumbnails: ReadonlyMap<number, string> = new Map()): PageTile[] {
  return Array.from({ length: pageCount }, (_, index) => ({
    key: `${source}:${index + 1}`,
    source,
    page: index + 1,
    rotation: 0,
    thumbnail: thumbnails.get(index + 1) ?? null,
    selected: false,
  }))
}

/** Moves the tile at `from` so it ends up at index `to`. */
export function moveTile<T>(tiles: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= tiles.length) return [...tiles]
  const next = [...tiles]
  const [moved] = next.splice(from, 1)
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved as T)
  return next
}

export function turn(rotation: Rotation, by: 90 | -90 | 180): Rotation {
  return ((((rotation + by) % 360) + 360) % 360) as Rotation
}

/** Rotates the selected tiles, or the one given by key when none is selected. */
export function rotateTiles(tiles: readonly PageTile[], by: 90 | -90, key?: string): PageTile[] {
  const target = key !== undefined ? (tile: PageTile) => tile.key === key : (tile: PageTile) => tile.selected
  return tiles.map((tile) => (target(tile) ? { ...tile, rotation: turn(tile.rotation, by) } : tile))
}

/** [1, 2, 3, 5, 8, 9] → "1-3,5,8-9": the BFF's page-list syntax, short enough for any length. */
export function formatPageList(pages: readonly number[]): string {
  const parts: string[] = []
  let start = pages[0]
  let end = start
  for (const page of [...pages.slice(1), undefined]) {
    if (page !== undefined && end !== undefined && page === end + 1) {
      end = page
      continue
    }
    if (start !== undefined && end !== undefined) parts.push(start === end ? `${start}` : `${start}-${end}`)
    start = page
    end = page
  }
  return parts.join(',')
}

export interface EditPlan {
  /** Merge every source (in order) first; page numbers below then count through all of them. */
  merge: boolean
  /** Pages to keep, in their new order, for /pdf/extract; null when every page stays where it was. */
  keep: string | null
  /** `{"1": 90}` for /pdf/rotate, numbered after the keep step; null when nothing turns. */
  rotations: string | null
}

/** What the grid's state asks for, as at most three BFF calls: merge, extract (delete + reorder), rotate. */
export function planEdits(tiles: readonly PageTile[], pageCounts: readonly number[]): EditPlan {
  const offsets = pageCounts.map((_, index) => pageCounts.slice(0, index).reduce((sum, count) => sum + count, 0))
  const total = pageCounts.reduce((sum, count) => sum + count, 0)
  const order = tiles.map((tile) => (offsets[tile.source] ?? 0) + tile.page)
  const unchanged = order.length === total && order.every((page, index) => page === index + 1)
  const rotations = Object.fromEntries(tiles.flatMap((tile, index) => (tile.rotation ? [[String(index + 1), tile.rotation]] : [])))
  return {
    merge: pageCounts.length > 1,
    keep: unchanged ? null : formatPageList(order),
    rotations: Object.keys(rotations).length > 0 ? JSON.stringify(rotations) : null,
  }
}

export function hasEdits(plan: EditPlan): boolean {
  return plan.merge || plan.keep !== null || plan.rotations !== null
}

/** Checks "1-3,5,8-" against a page count the way the BFF will, so mistakes show before uploading. */
export function rangesError(spec: string, pageCount: number): string | null {
  const parts = spec.split(',').map((part) => part.trim())
  if (spec.trim() === '' || parts.some((part) => part === '')) return 'Enter pages like 1-3,5'
  for (const part of parts) {
    const match = /^(\d+)?\s*(-)?\s*(\d+)?$/.exec(part)
    if (!match || (!match[1] && !match[3])) return `"${part}" is not a page or range`
    const first = match[1] ? Number(match[1]) : 1
    const last = match[2] ? (match[3] ? Number(match[3]) : pageCount) : first
    if (first < 1 || last > pageCount || first > last) return `"${part}" is outside 1-${pageCount}`
  }
  return null
}

/** "report.pdf" + "-watermarked" → "report-watermarked.pdf". */
export function suffixedName(name: string, suffix: string): string {
  const stem = name.replace(/\.pdf$/i, '')
  return `${stem}${suffix}.pdf`
}
