import { KeyRound } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const passwordGeneratorTool = defineTool({
  name: 'Password generator',
  path: '/password-generator',
  description: 'Generate strong, random passwords and passphrases on your device.',
  keywords: ['password', 'generator', 'random', 'secure', 'passphrase'],
  icon: KeyRound,
  offline: 'You are offline. Everything here still works: passwords are made in your browser.',
  category: 'Security',
  requiresAuth: false,
  featured: true,
  component: () => import('@/tools/password-generator/password-generator-page'),
})
