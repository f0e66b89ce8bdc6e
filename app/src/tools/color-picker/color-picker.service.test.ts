import { describe, expect, it } from 'vitest'
import { formatsOf, toHsl, toOklch, readableTextOn } from '@/tools/color-picker/colour-formats'
import { addRecent, dominantPalette, paletteAsCss, medianCut, moveCursor, pixelAt, RECENT_LIMIT, samplePixels } from '@/tools/color-picker/color-picker.service'

type Colour = [number, number, number]

/** RGBA pixels of a generated image: `count` pixels of each colour, each channel jittered by up to ±noise. */
function generatedImage(parts: { colour: Colour; count: number }[], noise = 0, seed = 7): Uint8ClampedArray {
  let state = seed
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state / 2 ** 31
  }
  const pixels = parts.flatMap(({ colour, count }) => Array.from({ length: count }, () => colour.map((c) => c + Math.round((random() * 2 - 1) * noise))))
  // Shuffle so no colour sits in one block of memory (the sampler must not depend on layout).
  for (let i = pixels.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1))
    ;[pixels[i], pixels[j]] = [pixels[j]!, pixels[i]!]
  }
  return new Uint8ClampedArray(pixels.flatMap(([r, g, b]) => [r!, g!, b!, 255]))
}

const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(...a.map((value, i) => value - b[i]!))

describe('dominantPalette (median cut)', () => {
  it('finds exactly the colours of a flat image, largest share first', () => {
    const data = generatedImage([
      { colour: [220, 40, 40], count: 5000 },
      { colour: [30, 90, 200], count: 3000 },
      { colour: [250, 250, 245], count: 2000 },
    ])
    const palette = dominantPalette(data, 3)
    expect(palette.map((entry) => entry.rgb)).toEqual([
      [220, 40, 40],
      [30, 90, 200],
      [250, 250, 245],
    ])
    expect(palette.map((entry) => Math.round(entry.share * 10) / 10)).toEqual([0.5, 0.3, 0.2])
  })

  it('recovers known colours through noise', () => {
    const known: Colour[] = [
      [200, 30, 60],
      [20, 160, 80],
      [40, 40, 180],
      [240, 200, 30],
    ]
    const data = generatedImage(known.map((colour) => ({ colour, count: 4000 })), 12)
    const palette = dominantPalette(data, 4)
    expect(palette).toHaveLength(4)
    for (const colour of known) {
      const nearest = Math.min(...palette.map((entry) => distance(entry.rgb, colour)))
      expect(nearest).toBeLessThan(6)
    }
  })

  it('returns fewer colours than asked when the image has fewer, and nothing for a transparent one', () => {
    expect(medianCut(samplePixels(generatedImage([{ colour: [9, 9, 9], count: 100 }])), 6)).toEqual([{ rgb: [9, 9, 9], share: 1 }])
    expect(dominantPalette(new Uint8ClampedArray([255, 0, 0, 0, 0, 255, 0, 10]), 3)).toEqual([])
  })

  it('subsamples large images evenly', () => {
    const data = generatedImage([{ colour: [1, 2, 3], count: 100_000 }])
    expect(samplePixels(data, 1000)).toHaveLength(1000)
  })
})

describe('paletteAsCss', () => {
  it('numbers the colours as custom properties', () => {
    expect(paletteAsCss(['#ff0000', '#00aa00'])).toBe(':root {\n  --palette-1: #ff0000;\n  --palette-2: #00aa00;\n}')
  })
})

describe('colour formats', () => {
  it('writes HEX, RGB, HSL and OKLCH', () => {
    expect(formatsOf([255, 0, 0])).toEqual([
      { label: 'HEX', value: '#ff0000' },
      { label: 'RGB', value: 'rgb(255 0 0)' },
      { label: 'HSL', value: 'hsl(0 100% 50%)' },
      { label: 'OKLCH', value: 'oklch(0.628 0.258 29.2)' },
    ])
  })

  it('matches reference conversions', () => {
    expect(toHsl([26, 43, 60])).toEqual([210, 40, 17])
    expect(toOklch([255, 255, 255])).toEqual([1, 0, 0])
    expect(toOklch([0, 0, 255])).toEqual([0.452, 0.313, 264.1])
    expect(readableTextOn([250, 250, 250])).toBe('#000000')
    expect(readableTextOn([20, 20, 80])).toBe('#ffffff')
  })
})

describe('picking', () => {
  it('reads the pixel under the cursor', () => {
    const data = new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255, 10, 11, 12, 255])
    expect(pixelAt(data, 2, 1, 1)).toEqual([10, 11, 12])
  })

  it('moves the cursor a pixel per arrow key, ten with Shift, never off the image', () => {
    expect(moveCursor({ x: 5, y: 5 }, 'ArrowRight', false, 10, 10)).toEqual({ x: 6, y: 5 })
    expect(moveCursor({ x: 5, y: 5 }, 'ArrowUp', true, 10, 10)).toEqual({ x: 5, y: 0 })
    expect(moveCursor({ x: 9, y: 9 }, 'ArrowDown', false, 10, 10)).toEqual({ x: 9, y: 9 })
    expect(moveCursor({ x: 1, y: 1 }, 'Enter', false, 10, 10)).toBeNull()
  })

  it('keeps recent picks newest first, unique and bounded', () => {
    let recent: string[] = []
    for (let i = 0; i < RECENT_LIMIT + 3; i += 1) recent = addRecent(recent, `#00000${i % 10}`)
    recent = addRecent(recent, '#000003')
    expect(recent[0]).toBe('#000003')
    expect(new Set(recent).size).toBe(recent.length)
    expect(recent.length).toBeLessThanOrEqual(RECENT_LIMIT)
  })
})
