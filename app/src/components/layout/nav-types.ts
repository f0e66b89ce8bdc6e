import type { LucideIcon } from 'lucide-react'

/** What navigation needs to know about a tool; the registry's entries satisfy it. */
export interface NavTool {
  name: string
  path: string
  description: string
  icon: LucideIcon
  category: string
  keywords: readonly string[]
  requiresAuth?: boolean
}
