import { FilePen } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const pdfEditorTool = defineTool({
  name: 'PDF editor',
  path: '/pdf-editor',
  description: 'Merge, split, rotate and reorder PDF pages; redact text and areas, watermark, protect, compress or make a PDF searchable.',
  keywords: ['pdf', 'merge', 'split', 'rotate', 'pages', 'editor', 'redact', 'watermark', 'compress'],
  icon: FilePen,
  category: 'Documents',
  requiresAuth: false,
  pageKey: 'pdf-editor',
  component: () => import('@/tools/pdf-editor/pdf-editor-page'),
})
