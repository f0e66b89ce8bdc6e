import { ChevronLeft, ChevronRight, Search } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

type ListSearchProps = { id: string; label: string; placeholder: string; onSearch: (query: string) => void; /** The list's heading, which names the search landmark. */ headingId: string }

/** The search box above an admin list; the search runs on submit, not on every key. */
export function ListSearch({ id, label, placeholder, onSearch, headingId }: ListSearchProps) {
  const [query, setQuery] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch(query)
  }
  return (
    <form role="search" aria-labelledby={headingId} onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input id={id} type="search" value={query} placeholder={placeholder} onChange={(event) => setQuery(event.target.value)} />
      </div>
      <Button type="submit" variant="secondary">
        <Search aria-hidden />
        Search
      </Button>
    </form>
  )
}

/** A list's load failure, with a way to try again. */
export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
      {message}
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

type PagerProps = { label: string; loaded: boolean; offset: number; shown: number; total: number; pageSize: number; onOffset: (offset: number) => void }

/** "1–20 of 45" with Previous and Next. */
export function Pager({ label, loaded, offset, shown, total, pageSize, onOffset }: PagerProps) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p aria-live="polite" className="text-muted-foreground">
        {loaded ? (shown ? `${offset + 1}–${offset + shown} of ${total}` : `0 of ${total}`) : 'Loading...'}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={offset + shown >= total} onClick={() => onOffset(offset + pageSize)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  )
}
