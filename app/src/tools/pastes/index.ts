import { ClipboardList } from 'lucide-react'
import { PASTES_OFFLINE_NOTE } from '@/lib/offline-note'
import { defineTool } from '@/tools/define-tool'

export const pastesTool = defineTool({
  name: 'Pastes',
  path: '/pastes',
  description: 'Share snippets of text or code as public or private pastes.',
  keywords: ['paste', 'pastebin', 'snippet', 'share', 'code'],
  icon: ClipboardList,
  offline: PASTES_OFFLINE_NOTE,
  category: 'Text',
  requiresAuth: false,
  component: () => import('@/tools/pastes/pastes-page'),
})
