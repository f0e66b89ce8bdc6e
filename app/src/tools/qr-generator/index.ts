import { QrCode } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const qrGeneratorTool = defineTool({
  name: 'QR code generator',
  path: '/qr-generator',
  description: 'Turn links and text into QR codes you can download as PNG or SVG.',
  keywords: ['qr', 'code', 'barcode', 'link', 'generator'],
  icon: QrCode,
  offline: 'You are offline. The preview still works; downloading the PNG or SVG needs the connection.',
  category: 'Web',
  requiresAuth: false,
  pageKey: 'qr-code-generator',
  featured: true,
  component: () => import('@/tools/qr-generator/qr-generator-page'),
})
