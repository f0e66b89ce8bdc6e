import { FileCog } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const converterTool = defineTool({
  name: 'File converter',
  path: '/converter',
  description: 'Convert documents and images between common formats right from your browser.',
  keywords: ['convert', 'file', 'format', 'pdf', 'docx', 'png', 'jpg', 'webp'],
  icon: FileCog,
  category: 'Documents',
  requiresAuth: true,
  pageKey: 'file-converter',
  featured: true,
  component: () => import('@/tools/converter/converter-page'),
})
