import { ImageIcon } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const imageMetadataTool = defineTool({
  name: 'Image metadata',
  path: '/image-metadata',
  description: 'View, edit and remove the hidden metadata (EXIF) stored in your photos.',
  keywords: ['exif', 'metadata', 'image', 'photo', 'gps', 'privacy'],
  icon: ImageIcon,
  category: 'Images',
  requiresAuth: false,
  component: () => import('@/tools/image-metadata/image-metadata-page'),
})
