import { ArrowLeft, ArrowRight, Check, RotateCcw, RotateCw, Trash2 } from 'lucide-react'
import type { DragEvent, KeyboardEvent } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import type { PageTile as Tile } from '@/tools/pdf-editor/pdf-editor.service'

export interface TileActions {
  toggle: (key: string, range: boolean) => void
  rotate: (key: string, by: 90 | -90) => void
  remove: (key: string) => void
  move: (key: string, to: number) => void
}

interface PageTileProps {
  tile: Tile
  index: number
  count: number
  /** "Page 3" or "Page 3 of b.pdf" when several files are merged. */
  label: string
  actions: TileActions
  dropBefore: boolean
  onDragStart: (event: DragEvent) => void
  onDragOver: (event: DragEvent) => void
  onDrop: (event: DragEvent) => void
  onDragEnd: () => void
  disabled?: boolean
}

/** One page: its thumbnail turned as it will be, a select toggle that also moves by keyboard, and its own actions. */
export function PageTile({ tile, index, count, label, actions, dropBefore, onDragStart, onDragOver, onDrop, onDragEnd, disabled }: PageTileProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    const earlier = event.key === 'ArrowLeft' || event.key === 'ArrowUp'
    const later = event.key === 'ArrowRight' || event.key === 'ArrowDown'
    if (event.altKey && (earlier || later)) {
      event.preventDefault()
      actions.move(tile.key, index + (earlier ? -1 : 1))
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      actions.remove(tile.key)
    } else if (event.key.toLowerCase() === 'r' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault()
      actions.rotate(tile.key, event.shiftKey ? -90 : 90)
    }
  }
  const sideways = tile.rotation === 90 || tile.rotation === 270
  return (
    <li
      data-testid="page-tile"
      data-key={tile.key}
      draggable={!disabled}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDrop={onDrop}
      onDragEnd={onDragEnd}
      className={cn(
        'relative flex flex-col gap-1.5 rounded-lg border bg-card p-1.5 transition-shadow',
        tile.selected && 'border-primary ring-2 ring-primary/50',
        dropBefore && 'before:absolute before:inset-y-2 before:-left-2 before:w-1 before:rounded-full before:bg-primary',
      )}
    >
      <button
        type="button"
        aria-pressed={tile.selected}
        aria-label={`${label}, position ${index + 1} of ${count}${tile.rotation ? `, turned ${tile.rotation}°` : ''}`}
        aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight R Shift+R Delete"
        title="Click to select · Alt+arrows move · R rotates · Delete removes · drag to reorder"
        disabled={disabled}
        onClick={(event) => actions.toggle(tile.key, event.shiftKey)}
        onKeyDown={onKeyDown}
        className="relative flex aspect-[3/4] cursor-grab items-center justify-center overflow-hidden rounded-md bg-muted/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
      >
        {tile.thumbnail ? (
          <img
            src={tile.thumbnail}
            alt=""
            draggable={false}
            className={cn('max-h-full max-w-full bg-white shadow-sm transition-transform duration-200', sideways && 'max-h-[75%] max-w-[133%]')}
            style={{ transform: `rotate(${tile.rotation}deg)` }}
          />
        ) : (
          <span className="text-xs text-muted-foreground">No preview</span>
        )}
        {tile.selected && (
          <span className="absolute top-1 right-1 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground" aria-hidden>
            <Check className="size-3" />
          </span>
        )}
      </button>
      <div className="flex items-center justify-between gap-1">
        <span className="truncate text-xs font-medium tabular-nums" aria-hidden>
          {index + 1} · {label}
        </span>
      </div>
      <div className="flex items-center justify-between [&_svg]:size-3.5">
        <Button variant="ghost" size="icon" className="size-6" disabled={disabled || index === 0} onClick={() => actions.move(tile.key, index - 1)} aria-label={`Move ${label} earlier`}>
          <ArrowLeft aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-6" disabled={disabled} onClick={() => actions.rotate(tile.key, -90)} aria-label={`Rotate ${label} left`}>
          <RotateCcw aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-6" disabled={disabled} onClick={() => actions.rotate(tile.key, 90)} aria-label={`Rotate ${label} right`}>
          <RotateCw aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-6 text-destructive hover:text-destructive" disabled={disabled || count === 1} onClick={() => actions.remove(tile.key)} aria-label={`Delete ${label}`}>
          <Trash2 aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-6" disabled={disabled || index === count - 1} onClick={() => actions.move(tile.key, index + 1)} aria-label={`Move ${label} later`}>
          <ArrowRight aria-hidden />
        </Button>
      </div>
    </li>
  )
}
