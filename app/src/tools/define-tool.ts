import type { LucideIcon } from 'lucide-react'
import type { ComponentType } from 'react'
import type { PageKey } from '@/lib/page-keys'

export const TOOL_CATEGORIES = ['Documents', 'Images', 'Text', 'Web', 'Security'] as const
export type ToolCategory = (typeof TOOL_CATEGORIES)[number]

export interface ToolDefinition {
  name: string
  /** Absolute route path, e.g. "/qr-generator". */
  path: `/${string}`
  description: string
  keywords: readonly string[]
  icon: LucideIcon
  category: ToolCategory
  /** Signed-out users are sent to /login from these pages (SPEC §4). */
  requiresAuth: boolean
  /** Key in the admin's disabled-pages map (SPEC §3), where the page has one. */
  pageKey?: PageKey
  /** What the offline notice says on this tool's page; by default that it needs the connection. */
  offline?: string
  /** Shown in the home page's featured grid. */
  featured?: boolean
  /** Lazy import so every tool is its own chunk. */
  component: () => Promise<{ default: ComponentType }>
}

export function defineTool(definition: ToolDefinition): Readonly<ToolDefinition> {
  return Object.freeze({ ...definition, keywords: Object.freeze([...definition.keywords]) })
}
