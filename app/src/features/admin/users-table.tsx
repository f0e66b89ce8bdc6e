import { useState } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { listUsers } from '@/features/admin/api/list-users'
import { setAdmin } from '@/features/admin/api/set-admin'
import { ListError, ListSearch, Pager } from '@/features/admin/list-controls'
import { usePagedList } from '@/features/admin/use-paged-list'
import { ConfirmRevokeDialog, type PendingRevoke } from '@/features/admin/confirm-revoke-dialog'
import { removeAuthenticator } from '@/features/admin/api/remove-authenticator'
import { UserCard } from '@/features/admin/user-card'
import { UserRow, type UserRowProps } from '@/features/admin/user-row'
import { recheckAdminStatus } from '@/lib/admin-status'
import { useAccessToken } from '@/lib/api/use-access-token'
import { useMediaQuery } from '@/lib/use-media-query'
import { notify } from '@/lib/notify'
import { tokenUser } from '@/lib/token-user'
import { userMessageFor } from '@/lib/unexpected-error'

export const USERS_PAGE_SIZE = 20

/** Users newest first, searchable by email or nickname, with admin rights granted under SQL's rules. */
export function UsersTable() {
  const me = tokenUser(useAccessToken())
  const { page, setPage, error, search, offset, setOffset, find, reload } = usePagedList(listUsers, USERS_PAGE_SIZE)
  const [busyId, setBusyId] = useState<string>()
  const [pendingRevoke, setPendingRevoke] = useState<PendingRevoke | null>(null)

  async function changeAdmin(userId: string, email: string, admin: boolean) {
    setBusyId(userId)
    try {
      const status = await setAdmin(userId, admin)
      setPage((previous) => previous && { ...previous, users: previous.users.map((user) => (user.id === userId ? { ...user, is_admin: status.is_admin } : user)) })
      notify.success(admin ? `${email} is now an administrator` : `${email} is no longer an administrator`)
      if (userId === me?.id) void recheckAdminStatus()
    } catch (failure) {
      notify.error(userMessageFor(failure))
    } finally {
      setBusyId(undefined)
      setPendingRevoke(null)
    }
  }

  // Granting is harmless and one click; revoking is confirmed first.
  function askToChange(userId: string, label: string, admin: boolean) {
    if (admin) void changeAdmin(userId, label, true)
    else setPendingRevoke({ kind: 'admin', userId, label, isMe: userId === me?.id })
  }

  async function removeFactors(userId: string, label: string) {
    setBusyId(userId)
    try {
      await removeAuthenticator(userId)
      setPage((previous) => previous && { ...previous, users: previous.users.map((user) => (user.id === userId ? { ...user, has_authenticator: false } : user)) })
      notify.success(`${label} now signs in with the password alone`, 'They can add a new authenticator app on their account page.')
    } catch (failure) {
      notify.error(userMessageFor(failure))
    } finally {
      setBusyId(undefined)
      setPendingRevoke(null)
    }
  }

  const total = page?.total ?? 0
  const shown = page?.users.length ?? 0
  // On a phone a card per user: the table's Role and dates would sit behind a sideways scroll.
  const phone = useMediaQuery('(max-width: 639px)')
  const none = search ? `No user matches "${search}".` : 'No users yet.'
  const rowProps = (user: NonNullable<typeof page>['users'][number]): UserRowProps => ({
    user,
    isMe: user.id === me?.id,
    busy: busyId === user.id,
    onChangeAdmin: (admin) => askToChange(user.id, user.email ?? user.id, admin),
    onRemoveAuthenticator: () => setPendingRevoke({ kind: 'authenticator', userId: user.id, label: user.email ?? user.id, isMe: user.id === me?.id }),
  })

  return (
    <Card>
      <CardHeader>
        <h2 id="users-title" className="text-lg leading-tight font-semibold tracking-tight">
          Users
        </h2>
        <CardDescription>Nobody can make themselves an administrator, and the last administrator cannot be removed.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ListSearch id="user-search" label="Search users" placeholder="Email or nickname" onSearch={find} headingId="users-title" />
        {error && <ListError message={error} onRetry={reload} />}
        {phone ? (
          <ul aria-label="Users, newest first" className="divide-y rounded-md border">
            {page?.users.map((user) => <UserCard key={user.id} {...rowProps(user)} />)}
            {page && shown === 0 && <li className="px-3 py-6 text-center text-muted-foreground">{none}</li>}
          </ul>
        ) : (
          // Fits at desktop widths (long addresses wrap); narrower, a control that gets focus is brought into view.
          <div
            className="overflow-x-auto rounded-md border"
            data-testid="users-table-scroller"
            onFocus={(event) => event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' })}
          >
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">Users, newest first</caption>
              <thead className="bg-muted/50 text-left">
                <tr>
                  {['Email', 'Nickname', 'Created', 'Last sign-in', 'Role'].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2 font-medium">
                      {heading}
                    </th>
                  ))}
                  <th scope="col" className="sticky right-0 bg-muted px-3 py-2 font-medium">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {page?.users.map((user) => <UserRow key={user.id} {...rowProps(user)} />)}
                {page && shown === 0 && (
                  <tr>
                    <td colSpan={6} className="px-3 py-6 text-center text-muted-foreground">
                      {none}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        )}
        <ConfirmRevokeDialog
          pending={pendingRevoke}
          busy={busyId !== undefined}
          onClose={() => setPendingRevoke(null)}
          onConfirm={(pending) => void (pending.kind === 'admin' ? changeAdmin(pending.userId, pending.label, false) : removeFactors(pending.userId, pending.label))}
        />
        <Pager label="User pages" loaded={!!page} offset={offset} shown={shown} total={total} pageSize={USERS_PAGE_SIZE} onOffset={setOffset} />
      </CardContent>
    </Card>
  )
}
