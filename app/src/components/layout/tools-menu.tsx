import { LayoutGrid } from 'lucide-react'
import { Link } from 'react-router'
import type { DeferredMenuProps } from '@/components/layout/deferred-menu'
import type { NavTool, ToolBadge } from '@/components/layout/nav-types'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'

export type ToolGroups = readonly (readonly [string, readonly NavTool[]])[]

export function ToolsMenu({ groups, badge, trigger, defaultOpen }: { groups: ToolGroups; badge?: ToolBadge } & DeferredMenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        {groups.map(([category, tools], index) => (
          <DropdownMenuGroup key={category}>
            {index > 0 && <DropdownMenuSeparator />}
            <DropdownMenuLabel>{category}</DropdownMenuLabel>
            {tools.map((tool) => {
              const Icon = tool.icon
              return (
                <DropdownMenuItem key={tool.path} asChild>
                  <Link to={tool.path}>
                    <Icon className="text-primary" aria-hidden />
                    {tool.name}
                    {badge && <span className="ml-auto">{badge(tool)}</span>}
                  </Link>
                </DropdownMenuItem>
              )
            })}
          </DropdownMenuGroup>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/all-tools" className="font-medium">
            <LayoutGrid aria-hidden />
            All tools
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
