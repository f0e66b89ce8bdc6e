// The image's dominant colours by median cut: split the colour box with the widest channel at its
// median until there are enough boxes; each box's mean colour is one palette entry.
import type { Rgb } from '@/tools/color-picker/colour-formats'

export interface PaletteEntry {
  rgb: Rgb
  /** Share of the sampled pixels in this box, 0..1. */
  share: number
}

/** At most this many pixels are considered: enough for a stable palette, quick on any image. */
export const MAX_SAMPLES = 40_000

/** Opaque pixels of RGBA data, evenly subsampled. Transparent pixels carry no colour. */
export function samplePixels(data: Uint8ClampedArray | Uint8Array, maxSamples = MAX_SAMPLES): Rgb[] {
  const count = data.length / 4
  const step = Math.max(1, Math.floor(count / maxSamples))
  const pixels: Rgb[] = []
  for (let i = 0; i < count; i += step) {
    const offset = i * 4
    if ((data[offset + 3] ?? 0) < 128) continue
    pixels.push([data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0])
  }
  return pixels
}

function widestChannel(pixels: readonly Rgb[]): { channel: 0 | 1 | 2; range: number } {
  const min = [255, 255, 255]
  const max = [0, 0, 0]
  for (const pixel of pixels) {
    for (let c = 0; c < 3; c += 1) {
      const value = pixel[c] ?? 0
      if (value < min[c]!) min[c] = value
      if (value > max[c]!) max[c] = value
    }
  }
  const ranges = [0, 1, 2].map((c) => max[c]! - min[c]!)
  const channel = ranges.indexOf(Math.max(...ranges)) as 0 | 1 | 2
  return { channel, range: ranges[channel] ?? 0 }
}

function mean(pixels: readonly Rgb[]): Rgb {
  const sum = [0, 0, 0]
  for (const pixel of pixels) for (let c = 0; c < 3; c += 1) sum[c]! += pixel[c] ?? 0
  return sum.map((total) => Math.round(total / pixels.length)) as unknown as Rgb
}

export function medianCut(pixels: readonly Rgb[], colours: number): PaletteEntry[] {
  if (pixels.length === 0) return []
  const boxes: Rgb[][] = [[...pixels]]
  while (boxes.length < colours) {
    // Split the box whose widest channel spans the most; a box of one colour cannot be split.
    let best = -1
    let bestRange = 0
    boxes.forEach((box, index) => {
      const { range } = widestChannel(box)
      if (box.length > 1 && range > bestRange) {
        best = index
        bestRange = range
      }
    })
    if (best < 0) break
    const box = boxes[best]!
    const { channel } = widestChannel(box)
    box.sort((a, b) => a[channel] - b[channel])
    // Cut at the median, moved off a run of equal values so each side holds distinct colours.
    let cut = Math.floor(box.length / 2)
    const pivot = box[cut]![channel]
    while (cut > 0 && box[cut - 1]![channel] === pivot) cut -= 1
    if (cut === 0) while (cut < box.length && box[cut]![channel] === pivot) cut += 1
    boxes.splice(best, 1, box.slice(0, cut), box.slice(cut))
  }
  return boxes
    .filter((box) => box.length > 0)
    .map((box) => ({ rgb: mean(box), share: box.length / pixels.length }))
    .sort((a, b) => b.share - a.share)
}

export function dominantPalette(data: Uint8ClampedArray | Uint8Array, colours = 6): PaletteEntry[] {
  return medianCut(samplePixels(data), colours)
}

/** The pixel at (x, y) of RGBA image data. */
export function pixelAt(data: Uint8ClampedArray | Uint8Array, width: number, x: number, y: number): Rgb {
  const offset = (y * width + x) * 4
  return [data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0]
}

/** Keeps the cursor on the image: arrow keys move one pixel, ten with Shift. */
export function moveCursor(cursor: { x: number; y: number }, key: string, shift: boolean, width: number, height: number): { x: number; y: number } | null {
  const step = shift ? 10 : 1
  const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }
  const move = moves[key]
  if (!move) return null
  return { x: Math.min(width - 1, Math.max(0, cursor.x + move[0])), y: Math.min(height - 1, Math.max(0, cursor.y + move[1])) }
}

export const RECENT_LIMIT = 12

/** Newest first, no repeats, at most RECENT_LIMIT. */
export function addRecent(recent: readonly string[], hex: string): string[] {
  return [hex, ...recent.filter((item) => item !== hex)].slice(0, RECENT_LIMIT)
}

/** The palette as CSS custom properties, ready to paste into a stylesheet. */
export function paletteAsCss(hexes: readonly string[]): string {
  return `:root {\n${hexes.map((hex, index) => `  --palette-${index + 1}: ${hex};`).join('\n')}\n}`
}
