// Phones save photos as HEIC/HEIF, which most browsers cannot draw: pages that preview an image
// check this first and show an icon (or ask the server to decode it) instead of a broken picture.
const HEIC_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'])

export function isHeic(file: { name: string; type: string }): boolean {
  return HEIC_TYPES.has(file.type.toLowerCase()) || /\.(heic|heif)$/i.test(file.name)
}

/** What the file pickers add to `image/*` so HEIC files show up everywhere an image goes. */
export const HEIC_ACCEPT = '.heic,.heif,image/heic,image/heif'
