import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { formatBytes, sizeChange } from '@/components/tool-workspace/format-bytes'
import { COMPARE_START, comparePosition } from '@/tools/converter/compare'

export interface CompareSide {
  url: string
  label: string
  size: number
}

/**
 * Original and result on top of each other, split where the handle is: drag it, or focus it and use
 * the arrows (Shift: bigger steps), PageUp/PageDown, Home and End. Both sizes are shown.
 */
export function CompareSlider({ before, after, name }: { before: CompareSide; after: CompareSide; name: string }) {
  const [position, setPosition] = useState(COMPARE_START)
  const [dragging, setDragging] = useState(false)
  const frame = useRef<HTMLDivElement>(null)

  const follow = (event: PointerEvent) => {
    const rect = frame.current!.getBoundingClientRect()
    setPosition(Math.round(Math.min(100, Math.max(0, ((event.clientX - rect.left) / rect.width) * 100))))
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const next = comparePosition(position, event.key, event.shiftKey)
    if (next === null) return
    event.preventDefault()
    setPosition(next)
  }

  return (
    <figure className="flex flex-col gap-2" data-testid="compare-slider">
      <div
        ref={frame}
        className="relative touch-none overflow-hidden rounded-lg border bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:16px_16px] select-none"
        onPointerDown={(event) => {
          frame.current!.setPointerCapture(event.pointerId)
          setDragging(true)
          follow(event)
        }}
        onPointerMove={(event) => dragging && follow(event)}
        onPointerUp={() => setDragging(false)}
        onPointerCancel={() => setDragging(false)}
      >
        <img src={after.url} alt={`${after.label} of ${name}`} className="block max-h-96 w-full object-contain" draggable={false} />
        <img
          src={before.url}
          alt={`${before.label} of ${name}`}
          className="absolute inset-0 block h-full w-full object-contain"
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
          draggable={false}
        />
        <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-primary shadow" style={{ left: `calc(${position}% - 1px)` }} aria-hidden />
        <div
          role="slider"
          tabIndex={0}
          aria-label={`Split between ${before.label.toLowerCase()} and ${after.label.toLowerCase()}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={position}
          aria-valuetext={`${position}% ${before.label.toLowerCase()}, ${100 - position}% ${after.label.toLowerCase()}`}
          onKeyDown={onKeyDown}
          className="absolute top-1/2 size-8 -translate-x-1/2 -translate-y-1/2 cursor-ew-resize rounded-full border-2 border-primary bg-background shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          style={{ left: `${position}%` }}
          data-testid="compare-handle"
        />
        <span className="pointer-events-none absolute top-2 left-2 rounded bg-background/90 px-1.5 py-0.5 text-xs font-medium">{before.label}</span>
        <span className="pointer-events-none absolute top-2 right-2 rounded bg-background/90 px-1.5 py-0.5 text-xs font-medium">{after.label}</span>
      </div>
      <figcaption className="flex flex-wrap justify-between gap-2 text-sm tabular-nums" data-testid="compare-sizes">
        <span>
          {before.label}: {formatBytes(before.size)}
        </span>
        <span>
          {after.label}: {formatBytes(after.size)} ({sizeChange(before.size, after.size)})
        </span>
      </figcaption>
    </figure>
  )
}
