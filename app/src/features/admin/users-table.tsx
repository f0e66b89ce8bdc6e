import { useState } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { listUsers } from '@/features/admin/api/list-users'
import { setAdmin } from '@/features/admin/api/set-admin'
import { ListError, ListSearch, Pager } from '@/features/admin/list-controls'
import { usePagedList } from '@/features/admin/use-paged-list'
import { UserRow } from '@/features/admin/user-row'
import { recheckAdminStatus } from '@/lib/admin-status'
import { useAccessToken } from '@/lib/api/use-access-token'
import { notify } from '@/lib/notify'
import { tokenUser } from '@/lib/token-user'
import { userMessageFor } from '@/lib/unexpected-error'

export const USERS_PAGE_SIZE = 20

/** Users newest first, searchable by e-mail or nickname, with admin rights granted under SQL's rules. */
export function UsersTable() {
  const me = tokenUser(useAccessToken())
  const { page, setPage, error, search, offset, setOffset, find, reload } = usePagedList(listUsers, USERS_PAGE_SIZE)
  const [busyId, setBusyId] = useState<string>()

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
    }
  }

  const total = page?.total ?? 0
  const shown = page?.users.length ?? 0

  return (
    <Card>
      <CardHeader>
        <h2 id="users-title" className="text-lg leading-tight font-semibold tracking-tight">
          Users
        </h2>
        <CardDescription>Nobody can make themselves an administrator, and the last administrator cannot be removed.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ListSearch id="user-search" label="Search users" placeholder="E-mail or nickname" onSearch={find} headingId="users-title" />
        {error && <ListError message={error} onRetry={reload} />}
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full min-w-[44rem] text-sm">
            <caption className="sr-only">Users, newest first</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                {['E-mail', 'Nickname', 'Created', 'Last sign-in', 'Role', 'Actions'].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 font-medium">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {page?.users.map((user) => (
                <UserRow key={user.id} user={user} isMe={user.id === me?.id} busy={busyId === user.id} onChangeAdmin={(admin) => void changeAdmin(user.id, user.email ?? user.id, admin)} />
              ))}
              {page && shown === 0 && (
                <tr>
                  <td colSpan={6} className="px-3 py-6 text-center text-muted-foreground">
                    {search ? `No user matches "${search}".` : 'No users yet.'}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
        <Pager label="User pages" loaded={!!page} offset={offset} shown={shown} total={total} pageSize={USERS_PAGE_SIZE} onOffset={setOffset} />
      </CardContent>
    </Card>
  )
}
