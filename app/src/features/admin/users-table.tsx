import { ChevronLeft, ChevronRight, Search } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { listUsers, type AdminUserPage } from '@/features/admin/api/list-users'
import { setAdmin } from '@/features/admin/api/set-admin'
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
  const [query, setQuery] = useState('')
  const [search, setSearch] = useState('')
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<AdminUserPage>()
  const [error, setError] = useState<string>()
  const [busyId, setBusyId] = useState<string>()
  const [reload, setReload] = useState(0)

  useEffect(() => {
    let current = true
    listUsers({ q: search, limit: USERS_PAGE_SIZE, offset }).then(
      (result) => {
        if (!current) return
        setPage(result)
        setError(undefined)
      },
      (failure: unknown) => current && setError(userMessageFor(failure)),
    )
    return () => {
      current = false
    }
  }, [search, offset, reload])

  function submitSearch(event: FormEvent) {
    event.preventDefault()
    setOffset(0)
    setSearch(query.trim())
  }

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
        <h2 className="text-lg leading-tight font-semibold tracking-tight">Users</h2>
        <CardDescription>Nobody can make themselves an administrator, and the last administrator cannot be removed.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form role="search" onSubmit={submitSearch} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1.5">
            <Label htmlFor="user-search">Search users</Label>
            <Input id="user-search" type="search" value={query} placeholder="E-mail or nickname" onChange={(event) => setQuery(event.target.value)} />
          </div>
          <Button type="submit" variant="secondary">
            <Search aria-hidden />
            Search
          </Button>
        </form>
        {error && (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {error}
            <Button size="sm" variant="outline" onClick={() => setReload(reload + 1)}>
              Try again
            </Button>
          </div>
        )}
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
        <nav aria-label="User pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p aria-live="polite" className="text-muted-foreground">
            {page ? (shown ? `${offset + 1}–${offset + shown} of ${total}` : `0 of ${total}`) : 'Loading...'}
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - USERS_PAGE_SIZE))}>
              <ChevronLeft aria-hidden />
              Previous
            </Button>
            <Button size="sm" variant="outline" disabled={offset + shown >= total} onClick={() => setOffset(offset + USERS_PAGE_SIZE)}>
              Next
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </nav>
      </CardContent>
    </Card>
  )
}
