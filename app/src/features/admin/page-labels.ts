import type { PageKey } from '@/lib/page-keys'

/** How the admin area names each key of the disabled-pages map, and where that page lives. */
export const PAGE_LABELS: Record<PageKey, { name: string; path: string }> = {
  dashboard: { name: 'Dashboard', path: '/dashboard' },
  'file-converter': { name: 'File converter', path: '/converter' },
  'image-color-picker': { name: 'Colour picker', path: '/color-picker' },
  'qr-code-generator': { name: 'QR code generator', path: '/qr-generator' },
  'url-shortener': { name: 'URL shortener', path: '/url-shortener' },
  'username-checker': { name: 'Username checker', path: '/username-checker' },
  'image-to-text': { name: 'Image to text', path: '/image-to-text' },
  'pdf-editor': { name: 'PDF editor', path: '/pdf-editor' },
}
