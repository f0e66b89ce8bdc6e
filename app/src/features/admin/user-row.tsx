import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import type { AdminUser } from '@/features/admin/api/list-users'
import { formatWhen as when } from '@/features/admin/format-when'

/** One user: grant/revoke is always offered and SQL decides (no self-grant, never the last admin); an authenticator can be removed for a lost device. */
export type UserRowProps = { user: AdminUser; isMe: boolean; busy: boolean; onChangeAdmin: (admin: boolean) => void; onRemoveAuthenticator: () => void }

export function UserName({ user, isMe }: Pick<UserRowProps, 'user' | 'isMe'>) {
  return (
    <>
      {user.email ?? user.id}
      {isMe && <span className="text-muted-foreground"> (you)</span>}
    </>
  )
}

export function CreatedAt({ user }: Pick<UserRowProps, 'user'>) {
  return user.created_at ? <time dateTime={user.created_at}>{when(user.created_at)}</time> : '—'
}

export function LastSignIn({ user }: Pick<UserRowProps, 'user'>) {
  return user.last_sign_in_at ? <time dateTime={user.last_sign_in_at}>{when(user.last_sign_in_at)}</time> : 'Never'
}

export function UserRole({ user }: Pick<UserRowProps, 'user'>) {
  return (
    <span className="flex flex-wrap gap-1">
      {user.is_admin ? <Badge>Admin</Badge> : <span className="text-muted-foreground">User</span>}
      {user.has_authenticator && (
        <Badge variant="secondary" title="Signs in with a code from an authenticator app">
          2-step
        </Badge>
      )}
    </span>
  )
}

export function UserActions({ user, busy, onChangeAdmin, onRemoveAuthenticator, className }: Omit<UserRowProps, 'isMe'> & { className?: string }) {
  const label = user.email ?? user.id
  return (
    <span className={className}>
      <Button size="sm" variant={user.is_admin ? 'outline' : 'secondary'} disabled={busy} onClick={() => onChangeAdmin(!user.is_admin)} aria-label={`${user.is_admin ? 'Revoke admin from' : 'Grant admin to'} ${label}`}>
        {user.is_admin ? 'Revoke admin' : 'Grant admin'}
      </Button>
      {user.has_authenticator && (
        <Button size="sm" variant="ghost" disabled={busy} onClick={onRemoveAuthenticator} aria-label={`Remove the authenticator of ${label}`}>
          Remove 2-step
        </Button>
      )}
    </span>
  )
}

export function UserRow(props: UserRowProps) {
  const { user, isMe } = props
  return (
    <tr data-testid="admin-user-row">
      <td className="min-w-40 px-3 py-2 wrap-anywhere">
        <UserName user={user} isMe={isMe} />
      </td>
      <td className="px-3 py-2 wrap-anywhere">{user.nickname ?? '—'}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        <CreatedAt user={user} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <LastSignIn user={user} />
      </td>
      <td className="px-3 py-2">
        <UserRole user={user} />
      </td>
      <td className="sticky right-0 bg-card px-3 py-2">
        <UserActions {...props} className="flex flex-col items-stretch gap-1.5" />
      </td>
    </tr>
  )
}
