import { Link2 } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const urlShortenerTool = defineTool({
  name: 'URL shortener',
  path: '/url-shortener',
  description: 'Make long links short and easy to share, with click counts.',
  keywords: ['url', 'link', 'shortener', 'short', 'redirect'],
  icon: Link2,
  category: 'Web',
  requiresAuth: false,
  pageKey: 'url-shortener',
  featured: true,
  component: () => import('@/tools/url-shortener/url-shortener-page'),
})
