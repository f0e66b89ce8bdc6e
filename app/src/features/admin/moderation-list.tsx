import { Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { ListError, ListSearch, Pager } from '@/features/admin/list-controls'
import { usePagedList, type PageQuery } from '@/features/admin/use-paged-list'
import { notify } from '@/lib/notify'
import { userMessageFor } from '@/lib/unexpected-error'

export const MODERATION_PAGE_SIZE = 10

type ModerationListProps<T> = {
  id: string
  title: string
  description: string
  /** What is searched, e.g. "ID or title". */
  searchPlaceholder: string
  /** e.g. "paste", in "Delete paste …" and "No paste matches". */
  noun: string
  load: (query: PageQuery) => Promise<{ items: T[]; total: number }>
  remove: (item: T) => Promise<void>
  keyOf: (item: T) => string
  /** Names the item in buttons, the dialog and the toast. */
  labelOf: (item: T) => string
  render: (item: T) => ReactNode
}

/**
 * A moderation list for the admin area: newest first, searchable and paged, each item deletable
 * after a confirmation. The SQL functions behind `load` and `remove` refuse non-admins.
 */
export function ModerationList<T>({ id, title, description, searchPlaceholder, noun, load, remove, keyOf, labelOf, render }: ModerationListProps<T>) {
  const { page, setPage, error, search, offset, setOffset, find, reload } = usePagedList(load, MODERATION_PAGE_SIZE)
  const [pending, setPending] = useState<T>()
  const [busy, setBusy] = useState(false)

  async function confirmDelete(item: T) {
    setBusy(true)
    try {
      await remove(item)
      setPage((previous) => previous && { items: previous.items.filter((other) => keyOf(other) !== keyOf(item)), total: previous.total - 1 })
      notify.success(`Deleted ${noun} ${labelOf(item)}`)
    } catch (failure) {
      notify.error(userMessageFor(failure))
    } finally {
      setBusy(false)
      setPending(undefined)
    }
  }

  const shown = page?.items.length ?? 0
  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader>
        <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold tracking-tight">
          {title}
        </h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ListSearch id={`${id}-search`} label={`Search ${title.toLowerCase()}`} placeholder={searchPlaceholder} onSearch={find} headingId={`${id}-title`} />
        {error && <ListError message={error} onRetry={reload} />}
        <ul className="divide-y rounded-md border" aria-label={title}>
          {page?.items.map((item) => (
            <li key={keyOf(item)} data-testid={`${id}-item`} className="flex items-start gap-3 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">{render(item)}</div>
              <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={`Delete ${noun} ${labelOf(item)}`} onClick={() => setPending(item)}>
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
          {page && shown === 0 && <li className="px-3 py-6 text-center text-sm text-muted-foreground">{search ? `No ${noun} matches "${search}".` : `No ${noun}s right now.`}</li>}
        </ul>
        <Pager label={`${title} pages`} loaded={!!page} offset={offset} shown={shown} total={page?.total ?? 0} pageSize={MODERATION_PAGE_SIZE} onOffset={setOffset} />
      </CardContent>
      <Dialog open={pending !== undefined} onOpenChange={(open) => !open && !busy && setPending(undefined)}>
        {/* Kept: focus back on the item's delete button; deleted: on the list's search box. */}
        <DialogContent returnFocus={() => document.getElementById(`${id}-search`)}>
          <DialogHeader>
            <DialogTitle>Delete this {noun}?</DialogTitle>
            <DialogDescription>
              {pending !== undefined && labelOf(pending)} will be gone for everyone, its owner included. This can’t be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep it</Button>
            </DialogClose>
            <Button variant="destructive" disabled={busy} onClick={() => pending !== undefined && void confirmDelete(pending)}>
              {busy ? 'Deleting…' : `Delete ${noun}`}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  )
}
