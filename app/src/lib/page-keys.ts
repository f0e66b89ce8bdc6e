/** Keys of the admin's disabled-pages map (SPEC §3). */
export const PAGE_KEYS = [
  'dashboard',
  'file-converter',
  'image-color-picker',
  'qr-code-generator',
  'url-shortener',
  'username-checker',
  'image-to-text',
  'pdf-editor',
] as const

export type PageKey = (typeof PAGE_KEYS)[number]
