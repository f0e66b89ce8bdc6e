import { Eraser } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const textCleanerTool = defineTool({
  name: 'Text cleaner',
  path: '/text-cleaner',
  description: 'Strip extra spaces, line breaks and formatting from pasted text.',
  keywords: ['text', 'clean', 'whitespace', 'format', 'case'],
  icon: Eraser,
  offline: 'You are offline. Everything here still works: your text never leaves your browser.',
  category: 'Text',
  requiresAuth: false,
  component: () => import('@/tools/text-cleaner/text-cleaner-page'),
})
