import { ScanText } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const imageToTextTool = defineTool({
  name: 'Image to text',
  path: '/image-to-text',
  description: 'Extract text from screenshots, photos and scanned pages (OCR).',
  keywords: ['ocr', 'image', 'text', 'extract', 'scan'],
  icon: ScanText,
  category: 'Images',
  requiresAuth: false,
  pageKey: 'image-to-text',
  component: () => import('@/tools/image-to-text/image-to-text-page'),
})
