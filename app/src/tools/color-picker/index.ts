import { Pipette } from 'lucide-react'
import { defineTool } from '@/tools/define-tool'

export const colorPickerTool = defineTool({
  name: 'Colour picker',
  path: '/color-picker',
  description: 'Pick colours from an image and copy them as HEX, RGB or HSL.',
  keywords: ['color', 'colour', 'picker', 'palette', 'hex', 'rgb', 'hsl', 'image'],
  icon: Pipette,
  offline: 'You are offline. Everything here still works: the image stays in your browser.',
  category: 'Images',
  requiresAuth: true,
  pageKey: 'image-color-picker',
  featured: true,
  component: () => import('@/tools/color-picker/color-picker-page'),
})
