import { CreatedAt, LastSignIn, UserActions, UserName, UserRole, type UserRowProps } from '@/features/admin/user-row'

/** The same user on a phone: every field in sight, labelled, nothing to scroll sideways. */
export function UserCard(props: UserRowProps) {
  const { user, isMe } = props
  return (
    <li data-testid="admin-user-row" className="flex flex-col gap-2 p-3 text-sm">
      <p className="font-medium wrap-anywhere">
        <UserName user={user} isMe={isMe} />
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Nickname</dt>
        <dd className="wrap-anywhere">{user.nickname ?? '—'}</dd>
        <dt className="text-muted-foreground">Role</dt>
        <dd>
          <UserRole user={user} />
        </dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>
          <CreatedAt user={user} />
        </dd>
        <dt className="text-muted-foreground">Last sign-in</dt>
        <dd>
          <LastSignIn user={user} />
        </dd>
      </dl>
      <UserActions {...props} className="flex flex-wrap gap-2" />
    </li>
  )
}
