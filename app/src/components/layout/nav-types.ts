import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import type { PageKey } from '@/lib/page-keys'

/** What navigation needs to know about a tool; the registry's entries satisfy it. */
export interface NavTool {
  name: string
  path: string
  description: string
  icon: LucideIcon
  category: string
  keywords: readonly string[]
  requiresAuth?: boolean
  /** Its key in the disabled-pages map, where the admin can switch it off. */
  pageKey?: PageKey
}

/** What to show beside a tool's name where it is listed (e.g. that it is switched off), or nothing. */
export type ToolBadge = (tool: NavTool) => ReactNode
