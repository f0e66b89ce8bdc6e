import { ClipboardList, LayoutDashboard, LogIn, ShieldCheck, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import type { DeferredMenuProps } from '@/components/layout/deferred-menu'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'

// Accounts arrive in a later issue; until then the menu offers sign-in and the account areas.
export function AccountMenu({ trigger, defaultOpen }: DeferredMenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Not signed in</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <Link to="/login">
            <LogIn aria-hidden />
            Sign in
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden />
            Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/pastes">
            <ClipboardList aria-hidden />
            Pastes
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account">
            <UserRound aria-hidden />
            Account settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings/security">
            <ShieldCheck aria-hidden />
            Security
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
