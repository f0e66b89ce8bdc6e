import { AtSign } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const usernameCheckerTool = defineTool({
  name: 'Username checker',
  path: '/username-checker',
  description: 'Check whether a username is still free across popular sites.',
  keywords: ['username', 'handle', 'availability', 'social'],
  icon: AtSign,
  category: 'Web',
  requiresAuth: false,
  pageKey: 'username-checker',
  component: () => import('@/tools/username-checker/username-checker-page'),
})
