import { encode } from 'uqr'

export const EC_LEVELS = ['L', 'M', 'Q', 'H'] as const
export type EcLevel = (typeof EC_LEVELS)[number]

export interface QrStyle {
  ecc: EcLevel
  size: number
  margin: number
  foreground: string
  background: string
  transparent: boolean
}

export const DEFAULT_STYLE: QrStyle = { ecc: 'M', size: 512, margin: 4, foreground: '#111827', background: '#ffffff', transparent: false }
export const SIZE_RANGE = { min: 64, max: 4096 } as const
export const MARGIN_RANGE = { min: 0, max: 20 } as const

export function parseHex(colour: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())
  if (!match?.[1]) return null
  const digits = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1]
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number]
}

/** WCAG relative luminance. */
export function luminance([r, g, b]: [number, number, number]): number {
  const channel = (value: number) => {
    const v = value / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

export function contrastRatio(a: string, b: string): number | null {
  const first = parseHex(a)
  const second = parseHex(b)
  if (!first || !second) return null
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/**
 * Why a style would not scan reliably, or null. Same rule as the BFF: dark modules on a lighter
 * background with a contrast ratio of at least 3 (many scanners cannot read inverted codes).
 */
export function contrastProblem(style: QrStyle): string | null {
  if (style.transparent) return null
  const fg = parseHex(style.foreground)
  const bg = parseHex(style.background)
  if (!fg || !bg) return 'Colours must be written like #1a2b3c.'
  if (luminance(fg) >= luminance(bg)) return 'The foreground is lighter than the background: many scanners cannot read inverted codes.'
  const ratio = contrastRatio(style.foreground, style.background) ?? 0
  if (ratio < 3) return `Contrast ${ratio.toFixed(1)}:1 is too low to scan reliably; use at least 3:1.`
  return null
}

export interface QrMatrix {
  /** Modules including the quiet zone; true is dark. */
  modules: boolean[][]
  version: number
}

/** The code as a matrix, or null when the payload does not fit in a QR code at this level. */
export function qrMatrix(payload: string, ecc: EcLevel, margin: number): QrMatrix | null {
  try {
    const result = encode(payload, { ecc, border: margin })
    return { modules: result.data, version: result.version }
  } catch {
    return null
  }
}

export { matrixPath } from '@/lib/qr-path'
