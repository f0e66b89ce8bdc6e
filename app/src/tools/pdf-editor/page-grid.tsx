import { CheckSquare, RotateCcw, RotateCw, Square, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { moveTile, rotateTiles, type PageTile as Tile } from '@/tools/pdf-editor/pdf-editor.service'
import { PageTile, type TileActions } from '@/tools/pdf-editor/page-tile'
import { countOf } from '@/lib/plural'

interface PageGridProps {
  tiles: readonly Tile[]
  /** Names of the loaded files, to tell pages apart once several are merged. */
  sourceNames: readonly string[]
  onChange: (tiles: Tile[], announcement: string) => void
  disabled?: boolean
}

export function pageLabel(tile: Tile, sourceNames: readonly string[]): string {
  return sourceNames.length > 1 ? `Page ${tile.page} of ${sourceNames[tile.source] ?? 'file'}` : `Page ${tile.page}`
}

/** The pages as a grid: drag, keyboard or buttons to reorder; select several to rotate or delete together. */
export function PageGrid({ tiles, sourceNames, onChange, disabled }: PageGridProps) {
  const [dragKey, setDragKey] = useState<string | null>(null)
  const [dropIndex, setDropIndex] = useState<number | null>(null)
  const [anchor, setAnchor] = useState<string | null>(null)
  const label = (tile: Tile) => pageLabel(tile, sourceNames)
  const selected = tiles.filter((tile) => tile.selected)

  const actions: TileActions = {
    toggle: (key, range) => {
      const from = tiles.findIndex((tile) => tile.key === anchor)
      const to = tiles.findIndex((tile) => tile.key === key)
      if (range && from >= 0) {
        const [low, high] = from < to ? [from, to] : [to, from]
        onChange(tiles.map((tile, index) => (index >= low && index <= high ? { ...tile, selected: true } : tile)), `${countOf(high - low + 1, 'page')} selected`)
      } else {
        const tile = tiles[to]
        onChange(tiles.map((item) => (item.key === key ? { ...item, selected: !item.selected } : item)), tile ? `${label(tile)} ${tile.selected ? 'deselected' : 'selected'}` : '')
      }
      setAnchor(key)
    },
    rotate: (key, by) => {
      const tile = tiles.find((item) => item.key === key)
      onChange(rotateTiles(tiles, by, key), tile ? `${label(tile)} turned ${by > 0 ? 'right' : 'left'}` : '')
    },
    remove: (key) => {
      if (tiles.length <= 1) return
      const index = tiles.findIndex((item) => item.key === key)
      const tile = tiles[index]
      onChange(
        tiles.filter((item) => item.key !== key),
        tile ? `${label(tile)} deleted` : '',
      )
      // The keyboard stays in the grid: on the page that took its place, or the new last one.
      const neighbour = tiles[index + 1] ?? tiles[index - 1]
      if (neighbour) requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-key="${CSS.escape(neighbour.key)}"] button[aria-pressed]`)?.focus())
    },
    move: (key, to) => {
      const from = tiles.findIndex((tile) => tile.key === key)
      if (to < 0 || to >= tiles.length || from < 0) return
      const tile = tiles[from]
      onChange(moveTile(tiles, from, to), tile ? `${label(tile)} moved to position ${to + 1} of ${tiles.length}` : '')
      // Keep the keyboard on the page that moved, wherever it is now.
      requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-key="${CSS.escape(key)}"] button[aria-pressed]`)?.focus())
    },
  }

  const dropAt = (index: number) => {
    if (dragKey === null) return
    const from = tiles.findIndex((tile) => tile.key === dragKey)
    // Dropping on a tile puts the dragged page before it; moving forward shifts the target by one.
    actions.move(dragKey, from < index ? index - 1 : index)
    setDragKey(null)
    setDropIndex(null)
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Selected pages">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => {
            const all = selected.length < tiles.length
            onChange(tiles.map((tile) => ({ ...tile, selected: all })), all ? 'All pages selected' : 'Selection cleared')
          }}
        >
          {selected.length < tiles.length ? <CheckSquare aria-hidden /> : <Square aria-hidden />}
          {selected.length < tiles.length ? 'Select all' : 'Select none'}
        </Button>
        <span className="text-sm text-muted-foreground tabular-nums">{selected.length > 0 ? `${selected.length} selected` : countOf(tiles.length, 'page')}</span>
        {selected.length > 0 && (
          <>
            <Button variant="outline" size="sm" disabled={disabled} onClick={() => onChange(rotateTiles(tiles, -90), `${countOf(selected.length, 'page')} turned left`)}>
              <RotateCcw aria-hidden /> Left
            </Button>
            <Button variant="outline" size="sm" disabled={disabled} onClick={() => onChange(rotateTiles(tiles, 90), `${countOf(selected.length, 'page')} turned right`)}>
              <RotateCw aria-hidden /> Right
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive"
              disabled={disabled || selected.length === tiles.length}
              onClick={() => onChange(tiles.filter((tile) => !tile.selected), `${countOf(selected.length, 'page')} deleted`)}
            >
              <Trash2 aria-hidden /> Delete selected
            </Button>
          </>
        )}
      </div>
      <ol aria-label="Pages" className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 md:grid-cols-4" onDragLeave={(event) => event.currentTarget === event.target && setDropIndex(null)}>
        {tiles.map((tile, index) => (
          <PageTile
            key={tile.key}
            tile={tile}
            index={index}
            count={tiles.length}
            label={label(tile)}
            actions={actions}
            disabled={disabled}
            dropBefore={dropIndex === index && dragKey !== tile.key}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move'
              event.dataTransfer.setData('text/plain', tile.key)
              setDragKey(tile.key)
            }}
            onDragOver={(event) => {
              if (dragKey === null) return
              event.preventDefault()
              const box = event.currentTarget.getBoundingClientRect()
              setDropIndex(event.clientX > box.left + box.width / 2 ? index + 1 : index)
            }}
            onDrop={(event) => {
              event.preventDefault()
              dropAt(dropIndex ?? index)
            }}
            onDragEnd={() => {
              setDragKey(null)
              setDropIndex(null)
            }}
          />
        ))}
      </ol>
    </div>
  )
}
