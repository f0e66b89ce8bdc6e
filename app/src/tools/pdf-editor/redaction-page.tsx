import { Plus } from 'lucide-react'
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { Button } from '@/components/ui/button'
import { boxBetween, centredArea, MIN_SIDE, nudgeArea, type Area, type Box } from '@/tools/pdf-editor/redaction.service'
import type { Thumbnail } from '@/tools/pdf-editor/pdf-api'

const percent = (box: Box) => ({ left: `${box.left * 100}%`, top: `${box.top * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` })

let nextArea = 0

interface RedactionPageProps {
  page: Thumbnail
  areas: readonly Area[]
  matches: readonly Box[]
  onChange: (areas: Area[]) => void
  disabled?: boolean
}

/**
 * One page to redact: drag on it to draw a black area; the matches of the search terms show in
 * amber. Keyboard: "Add area" puts one in the middle; a focused area moves with the arrows, resizes
 * with Shift+arrows (Alt: bigger steps) and goes with Delete.
 */
export function RedactionPage({ page, areas, matches, onChange, disabled }: RedactionPageProps) {
  const surface = useRef<HTMLDivElement>(null)
  const [start, setStart] = useState<{ x: number; y: number } | null>(null)
  const [draft, setDraft] = useState<Box | null>(null)
  const focusOnRender = useRef<string | null>(null)

  const point = (event: PointerEvent) => {
    const rect = surface.current!.getBoundingClientRect()
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height }
  }
  const others = (id: string) => areas.filter((area) => area.id !== id)
  const add = (area: Area) => {
    focusOnRender.current = area.id
    onChange([...areas, area])
  }

  const onPointerDown = (event: PointerEvent) => {
    if (disabled || event.button !== 0 || (event.target as HTMLElement).dataset.area) return
    surface.current!.setPointerCapture(event.pointerId)
    setStart(point(event))
    setDraft(null)
  }
  const onPointerMove = (event: PointerEvent) => {
    if (start) setDraft(boxBetween(start, point(event)))
  }
  const onPointerUp = () => {
    if (draft && draft.width >= MIN_SIDE && draft.height >= MIN_SIDE) add({ ...draft, id: `area-${++nextArea}`, page: page.page })
    setStart(null)
    setDraft(null)
  }

  const onAreaKey = (area: Area, event: KeyboardEvent) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      onChange(others(area.id))
      surface.current?.parentElement?.querySelector<HTMLButtonElement>('[data-add-area]')?.focus()
      return
    }
    const moved = nudgeArea(area, event.key, event.shiftKey, event.altKey)
    if (moved) {
      event.preventDefault()
      focusOnRender.current = area.id
      onChange(areas.map((item) => (item.id === area.id ? moved : item)))
    }
  }

  return (
    <figure className="flex flex-col gap-2" aria-label={`Page ${page.page}`}>
      <div
        ref={surface}
        className="relative cursor-crosshair touch-none overflow-hidden rounded border bg-white shadow-sm select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          setStart(null)
          setDraft(null)
        }}
        data-testid={`redaction-page-${page.page}`}
      >
        <img src={page.data_url} alt={`Page ${page.page}`} width={page.width} height={page.height} className="block h-auto w-full" draggable={false} />
        {matches.map((box, index) => (
          <div key={`match-${index}`} className="pointer-events-none absolute border-2 border-amber-500 bg-amber-300/40" style={percent(box)} aria-hidden />
        ))}
        {areas.map((area, index) => (
          <div
            key={area.id}
            data-area={area.id}
            role="button"
            tabIndex={disabled ? -1 : 0}
            aria-label={`Area ${index + 1} on page ${page.page}: arrows move it, Shift+arrows resize it, Delete removes it`}
            className="absolute bg-black/85 outline-2 outline-offset-1 outline-red-500 focus-visible:outline"
            style={percent(area)}
            onKeyDown={(event) => onAreaKey(area, event)}
            ref={(element) => {
              if (element && focusOnRender.current === area.id) {
                focusOnRender.current = null
                element.focus()
              }
            }}
          />
        ))}
        {draft && <div className="pointer-events-none absolute border-2 border-dashed border-red-500 bg-black/50" style={percent(draft)} aria-hidden />}
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">
          Page {page.page}
          {areas.length > 0 && ` · ${areas.length} ${areas.length === 1 ? 'area' : 'areas'}`}
          {matches.length > 0 && ` · ${matches.length} ${matches.length === 1 ? 'match' : 'matches'}`}
        </span>
        <Button type="button" size="sm" variant="outline" data-add-area aria-label={`Add an area on page ${page.page}`} disabled={disabled} onClick={() => add(centredArea(page.page, `area-${++nextArea}`))}>
          <Plus aria-hidden /> Add area
        </Button>
      </figcaption>
    </figure>
  )
}
