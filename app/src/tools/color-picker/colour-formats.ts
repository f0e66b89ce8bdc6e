// One picked colour written four ways. OKLCH follows Björn Ottosson's OKLab (the CSS Color 4 maths).
export type Rgb = readonly [number, number, number]

const round = (value: number, digits = 0) => {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}

export function toRgbString([r, g, b]: Rgb): string {
  return `rgb(${Math.round(r)} ${Math.round(g)} ${Math.round(b)})`
}

export function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255]
  const max = Math.max(rn, gn, bn)
  const min = Math.min(rn, gn, bn)
  const light = (max + min) / 2
  const delta = max - min
  if (delta === 0) return [0, 0, round(light * 100)]
  const saturation = delta / (1 - Math.abs(2 * light - 1))
  let hue = max === rn ? ((gn - bn) / delta) % 6 : max === gn ? (bn - rn) / delta + 2 : (rn - gn) / delta + 4
  hue = (hue * 60 + 360) % 360
  return [round(hue), round(saturation * 100), round(light * 100)]
}

export function toHslString(rgb: Rgb): string {
  const [h, s, l] = toHsl(rgb)
  return `hsl(${h} ${s}% ${l}%)`
}

const linear = (channel: number) => {
  const c = channel / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

export function toOklch([r, g, b]: Rgb): [number, number, number] {
  const [lr, lg, lb] = [linear(r), linear(g), linear(b)]
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb)
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb)
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb)
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s
  const a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s
  const bb = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s
  const chroma = Math.sqrt(a * a + bb * bb)
  // Greys have no meaningful hue; CSS writes 0 for them.
  const hue = chroma < 0.0001 ? 0 : (Math.atan2(bb, a) * 180) / Math.PI
  return [round(L, 3), round(chroma, 3), round((hue + 360) % 360, 1)]
}

export function toOklchString(rgb: Rgb): string {
  const [l, c, h] = toOklch(rgb)
  return `oklch(${l} ${c} ${h})`
}

export function formatsOf(rgb: Rgb): { label: string; value: string }[] {
  return [
    { label: 'HEX', value: toHex(rgb) },
    { label: 'RGB', value: toRgbString(rgb) },
    { label: 'HSL', value: toHslString(rgb) },
    { label: 'OKLCH', value: toOklchString(rgb) },
  ]
}

export function parseHexColour(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{6})$/i.exec(hex)
  if (!match?.[1]) return null
  return [0, 2, 4].map((i) => parseInt(match[1]!.slice(i, i + 2), 16)) as unknown as Rgb
}

/** Black or white text, whichever reads better on this colour (for labels on swatches). */
export function readableTextOn([r, g, b]: Rgb): '#000000' | '#ffffff' {
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
  return luminance > 0.179 ? '#000000' : '#ffffff'
}
