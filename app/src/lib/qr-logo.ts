// QR codes with the site's logo in the middle (short links, pastes), as SVG and PNG. Drawn in the
// browser: a paste's link may carry its decryption key in the #fragment, which must never reach a
// server — so no server renders these.
import { encode } from 'uqr'
import { matrixPath } from '@/lib/qr-path'

/** Share of the code's width the logo (with its white frame) may cover: 24 % of the width is under
 * 6 % of the area, far inside the 30 % that error correction level H restores. */
const LOGO_SHARE = 0.24
const MARGIN = 4 // modules of quiet zone, as the QR standard asks
export const PNG_MODULE_PIXELS = 12 // whole pixels per module: crisp edges for scanners

export interface QrWithLogo {
  svg: string
  /** Modules per side, margin included. */
  modules: number
}

/** The logo's drawing (an SVG document, e.g. public/favicon.svg) as a nested <svg> at x, y. */
function nestedLogo(logoSvg: string, x: number, y: number, size: number): string {
  const viewBox = /viewBox="([^"]+)"/.exec(logoSvg)?.[1] ?? '0 0 64 64'
  const inner = logoSvg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '')
  // Its ids (a gradient) made unique, should the code be drawn inline beside other SVGs.
  const scoped = inner.replace(/id="([^"]+)"/g, 'id="qr-logo-$1"').replace(/url\(#([^)]+)\)/g, 'url(#qr-logo-$1)')
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="${viewBox}">${scoped}</svg>`
}

/** The code for `value` at error correction H, the logo centred on a white frame. */
export function qrWithLogo(value: string, logoSvg: string): QrWithLogo {
  const { data } = encode(value, { ecc: 'H', border: MARGIN })
  const modules = data.length
  const symbol = modules - 2 * MARGIN
  // The frame: an odd number of modules, so it sits on the centre module exactly.
  let frame = Math.floor(symbol * LOGO_SHARE)
  if (frame % 2 === 0) frame -= 1
  const start = (modules - frame) / 2
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${modules * PNG_MODULE_PIXELS}" height="${modules * PNG_MODULE_PIXELS}" ` +
    `viewBox="0 0 ${modules} ${modules}" shape-rendering="crispEdges">` +
    `<rect width="${modules}" height="${modules}" fill="#ffffff"/>` +
    `<path fill="#000000" d="${matrixPath(data)}"/>` +
    `<rect x="${start}" y="${start}" width="${frame}" height="${frame}" fill="#ffffff"/>` +
    nestedLogo(logoSvg, start + 0.5, start + 0.5, frame - 1) +
    `</svg>`
  return { svg, modules }
}

let logo: Promise<string> | undefined

/** The site's logo, fetched once from the app's own origin (the same file as the favicon). */
export function siteLogo(): Promise<string> {
  logo ??= fetch('/favicon.svg').then((response) => {
    if (!response.ok) throw new Error(`The logo could not be loaded (${response.status})`)
    return response.text()
  })
  logo.catch(() => (logo = undefined))
  return logo
}

/** The SVG drawn into a PNG of whole pixels per module (a canvas; browsers only). */
export async function svgToPng(svg: string, modules: number): Promise<Blob> {
  const size = modules * PNG_MODULE_PIXELS
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
  try {
    const image = new Image(size, size)
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = size
    const context = canvas.getContext('2d')
    if (!context) throw new Error('This browser cannot draw images')
    context.imageSmoothingEnabled = false
    context.drawImage(image, 0, 0, size, size)
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made'))), 'image/png'))
  } finally {
    URL.revokeObjectURL(url)
  }
}
