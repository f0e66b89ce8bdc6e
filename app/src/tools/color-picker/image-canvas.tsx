import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { moveCursor } from '@/tools/color-picker/color-picker.service'
import { originalPixel, type LoadedImage } from '@/tools/color-picker/load-image'

const LOUPE_PIXELS = 11 // odd, so one pixel sits in the middle
const LOUPE_SIZE = 132

interface Props {
  image: LoadedImage
  cursor: { x: number; y: number }
  onCursor: (cursor: { x: number; y: number }) => void
  onPick: (cursor: { x: number; y: number }) => void
}

/** The image with a magnifying loupe that follows the pointer; arrow keys move it pixel by pixel. */
export function ImageCanvas({ image, cursor, onCursor, onPick }: Props) {
  const displayRef = useRef<HTMLCanvasElement>(null)
  const loupeRef = useRef<HTMLCanvasElement>(null)
  const [loupeVisible, setLoupeVisible] = useState(false)

  useEffect(() => {
    const display = displayRef.current
    if (!display) return
    display.width = image.width
    display.height = image.height
    display.getContext('2d')?.drawImage(image.canvas, 0, 0)
  }, [image])

  useEffect(() => {
    const context = loupeRef.current?.getContext('2d')
    if (!context || !loupeVisible) return
    const half = Math.floor(LOUPE_PIXELS / 2)
    context.imageSmoothingEnabled = false
    context.clearRect(0, 0, LOUPE_PIXELS, LOUPE_PIXELS)
    context.drawImage(image.canvas, cursor.x - half, cursor.y - half, LOUPE_PIXELS, LOUPE_PIXELS, 0, 0, LOUPE_PIXELS, LOUPE_PIXELS)
  }, [image, cursor, loupeVisible])

  const pointerToPixel = (event: MouseEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect()
    const x = Math.floor(((event.clientX - rect.left) / rect.width) * image.width)
    const y = Math.floor(((event.clientY - rect.top) / rect.height) * image.height)
    return { x: Math.min(image.width - 1, Math.max(0, x)), y: Math.min(image.height - 1, Math.max(0, y)) }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onPick(cursor)
      return
    }
    const next = moveCursor(cursor, event.key, event.shiftKey, image.width, image.height)
    if (!next) return
    event.preventDefault()
    setLoupeVisible(true)
    onCursor(next)
  }

  // Where the loupe sits, in % of the displayed image, so it tracks any display size.
  const left = ((cursor.x + 0.5) / image.width) * 100
  const top = ((cursor.y + 0.5) / image.height) * 100
  // Named in the original's pixels, even when a very large image is shown scaled down.
  const at = originalPixel(image, cursor)
  const numbers = new Intl.NumberFormat()

  return (
    // role="application" is ARIA's role for a widget that reads its own keys (arrows move, Enter picks);
    // jsx-a11y counts it as non-interactive.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <div
      role="application"
      aria-label="Image. Move over it or use the arrow keys (Shift for 10 pixels), then click or press Enter to pick the colour."
      aria-describedby="colour-cursor"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => setLoupeVisible(true)}
      onBlur={() => setLoupeVisible(false)}
      className="relative mx-auto w-fit max-w-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
    >
      <canvas
        ref={displayRef}
        data-testid="image-canvas"
        className="block max-h-[70vh] max-w-full cursor-crosshair rounded-lg border bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:16px_16px]"
        style={{ aspectRatio: `${image.width} / ${image.height}` }}
        onPointerMove={(event) => {
          setLoupeVisible(true)
          onCursor(pointerToPixel(event))
        }}
        onPointerLeave={() => setLoupeVisible(false)}
        onClick={(event) => onPick(pointerToPixel(event))}
      />
      <div
        data-testid="loupe"
        aria-hidden
        hidden={!loupeVisible}
        className="pointer-events-none absolute z-10 overflow-hidden rounded-full border-4 border-background shadow-xl ring-1 ring-border"
        style={{ width: LOUPE_SIZE, height: LOUPE_SIZE, left: `${left}%`, top: `${top}%`, transform: 'translate(-50%, calc(-100% - 16px))' }}
      >
        <canvas ref={loupeRef} width={LOUPE_PIXELS} height={LOUPE_PIXELS} className="size-full [image-rendering:pixelated]" />
        <span className="absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 border-2 border-white outline outline-1 outline-black" style={{ width: LOUPE_SIZE / LOUPE_PIXELS + 2, height: LOUPE_SIZE / LOUPE_PIXELS + 2 }} />
      </div>
      <p id="colour-cursor" className="mt-2 text-center text-xs text-muted-foreground tabular-nums" aria-live="polite" data-testid="colour-cursor">
        Pixel {numbers.format(at.x)}, {numbers.format(at.y)} of {numbers.format(image.naturalWidth)} × {numbers.format(image.naturalHeight)}
      </p>
    </div>
  )
}
