import { CloudOff, Loader2, Plus, Search } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button, buttonVariants } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useCurrentUserId } from '@/features/pastes/current-user'
import { PasteListItem } from '@/features/pastes/paste-list-item'
import { useLoadDelay } from '@/features/pastes/use-load-delay'
import { useMyPastes, usePasteList, type PasteList } from '@/features/pastes/use-paste-list'
import type { LocalPaste } from '@/features/pastes/paste-store'

const matches = (query: string) => (paste: LocalPaste) => (paste.title || 'Untitled paste').toLowerCase().includes(query.trim().toLowerCase())

function ListSection({ list, query, label, empty }: { list: PasteList; query: string; label: string; empty: string }) {
  const shown = list.pastes.filter(matches(query))
  const showLoading = useLoadDelay(list.loading && list.pastes.length === 0)
  return (
    <section aria-label={label} className="flex flex-col gap-3">
      {list.offline && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <CloudOff className="size-4" aria-hidden />
          You are offline: showing the pastes saved in this browser.
        </p>
      )}
      {shown.length === 0 && !list.loading && (
        <p className="text-sm text-muted-foreground">
          {query ? 'No paste title matches your search.' : list.offline ? 'None saved in this browser yet.' : empty}
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {shown.map((paste) => (
          <PasteListItem key={paste.id} paste={paste} />
        ))}
      </ul>
      {showLoading && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading pastes…
        </p>
      )}
      {list.hasMore && (
        <Button variant="outline" className="self-center" onClick={list.loadMore} disabled={list.loading}>
          {list.loading && <Loader2 className="animate-spin" aria-hidden />}
          Load more
        </Button>
      )}
    </section>
  )
}

/** /pastes: recent public pastes and, signed in, your own; search filters the loaded titles. */
export function PasteListPage() {
  const userId = useCurrentUserId()
  const recent = usePasteList('recent')
  const mine = useMyPastes()
  const [query, setQuery] = useState('')
  const pending = recent.pending.filter(matches(query))

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input type="search" aria-label="Search pastes by title" placeholder="Search by title" value={query} onChange={(event) => setQuery(event.target.value)} className="pl-9" />
        </div>
        <Link to="/paste/new" className={buttonVariants()}>
          <Plus aria-hidden />
          New paste
        </Link>
      </div>

      {pending.length > 0 && (
        <section aria-label="Waiting to sync" className="flex flex-col gap-3">
          <h2 className="text-sm font-medium text-muted-foreground">Waiting to sync</h2>
          <ul className="flex flex-col gap-3">
            {pending.map((paste) => (
              <PasteListItem key={paste.id} paste={paste} />
            ))}
          </ul>
        </section>
      )}

      <Tabs defaultValue="recent">
        <TabsList>
          <TabsTrigger value="recent">Recent</TabsTrigger>
          <TabsTrigger value="mine">My pastes</TabsTrigger>
        </TabsList>
        <TabsContent value="recent" className="mt-4">
          <ListSection list={recent} query={query} label="Recent public pastes" empty="No public pastes yet. Be the first!" />
        </TabsContent>
        <TabsContent value="mine" className="mt-4">
          {userId ? (
            <ListSection list={mine} query={query} label="My pastes" empty="You have not made any pastes yet." />
          ) : (
            <p className="text-sm text-muted-foreground">
              <Link to="/login?next=%2Fpastes" className="font-medium text-primary underline-offset-4 hover:underline">
                Sign in
              </Link>{' '}
              to see your pastes, including private ones.
            </p>
          )}
        </TabsContent>
      </Tabs>
    </div>
  )
}
