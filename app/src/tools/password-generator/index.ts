import { KeyRound } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const passwordGeneratorTool = defineTool({
  name: 'Password generator',
  path: '/password-generator',
  description: 'Generate strong, random passwords and passphrases on your device.',
  keywords: ['password', 'generator', 'random', 'secure', 'passphrase'],
  icon: KeyRound,
  category: 'Security',
  requiresAuth: false,
  featured: true,
  component: () => import('@/tools/password-generator/password-generator-page'),
})
