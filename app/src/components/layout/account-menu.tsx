import { ClipboardList, LayoutDashboard, LogIn, LogOut, ShieldCheck, ShieldHalf, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import type { DeferredMenuProps } from '@/components/layout/deferred-menu'
import { Badge } from '@/components/ui/badge'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { useSession, useSignOut } from '@/features/auth/session'
import { useAdminStatus } from '@/lib/use-admin-status'

// This menu itself loads on first use (DeferredMenu), and the session store loads supabase-js only
// then, so neither weighs on the initial bundle.
export function AccountMenu({ trigger, defaultOpen }: DeferredMenuProps) {
  const session = useSession()
  const { signOut } = useSignOut()
  const email = session.status === 'signed-in' ? session.session.user.email : undefined
  // Shown from the server's answer (SPEC §6); /admin itself is guarded by the server and RLS.
  const isAdmin = useAdminStatus() === 'admin' && session.status === 'signed-in'
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        {session.status === 'signed-in' ? (
          <DropdownMenuLabel className="flex flex-col gap-0.5 font-normal">
            <span className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              Signed in as
              {isAdmin && <Badge variant="secondary">Admin</Badge>}
            </span>
            <span className="truncate font-medium" title={email}>
              {email}
            </span>
          </DropdownMenuLabel>
        ) : (
          <>
            <DropdownMenuLabel>{session.status === 'loading' ? 'Checking sign-in…' : 'Not signed in'}</DropdownMenuLabel>
            <DropdownMenuItem asChild>
              <Link to="/login">
                <LogIn aria-hidden />
                Sign in
              </Link>
            </DropdownMenuItem>
          </>
        )}
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
        {isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldHalf aria-hidden />
              Admin panel
            </Link>
          </DropdownMenuItem>
        )}
        {session.status === 'signed-in' && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void signOut()}>
              <LogOut aria-hidden />
              Sign out
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
