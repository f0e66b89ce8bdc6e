import { Languages } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const translatorTool = defineTool({
  name: 'Translator',
  path: '/translator',
  description: 'Translate text between languages with automatic language detection.',
  keywords: ['translate', 'language', 'detect', 'text'],
  icon: Languages,
  category: 'Text',
  requiresAuth: true,
  featured: true,
  component: () => import('@/tools/translator/translator-page'),
})
