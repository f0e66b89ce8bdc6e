import { FilePen } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const pdfEditorTool = defineTool({
  name: 'PDF editor',
  path: '/pdf-editor',
  description: 'Merge, split, rotate and reorder PDF pages.',
  keywords: ['pdf', 'merge', 'split', 'rotate', 'pages', 'editor'],
  icon: FilePen,
  category: 'Documents',
  requiresAuth: false,
  pageKey: 'pdf-editor',
  component: () => import('@/tools/pdf-editor/pdf-editor-page'),
})
