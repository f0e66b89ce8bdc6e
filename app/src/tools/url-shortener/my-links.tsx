import { Trash2 } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { CopyButton } from '@/components/copy-button'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { api, toApiError, unwrap, type ApiSchemas } from '@/lib/api/client'
import { useAccessToken } from '@/lib/api/use-access-token'
import { notify } from '@/lib/notify'
import { formatExpiry, STATUS_LABELS } from '@/tools/url-shortener/url-shortener.service'

type ShortLink = ApiSchemas['ShortLink']

/** The signed-in user's links (GET /api/links) with their clicks; each can be deleted. */
export function MyLinks({ refreshKey }: { refreshKey: number }) {
  const token = useAccessToken()
  const [links, setLinks] = useState<ShortLink[] | null>(null)
  const [total, setTotal] = useState(0)

  const load = useCallback(async () => {
    try {
      const page = unwrap(await api().GET('/api/links', { params: { query: { limit: 50 } } }))
      setLinks(page.links)
      setTotal(page.total)
    } catch (error) {
      notify.error('Could not load your links', toApiError(error).message)
    }
  }, [])

  useEffect(() => {
    if (token) void load()
    else setLinks(null)
  }, [token, load, refreshKey])

  const remove = async (link: ShortLink) => {
    try {
      unwrap(await api().DELETE('/api/links/{link_id}', { params: { path: { link_id: link.id } } }))
      setLinks((current) => current?.filter((item) => item.id !== link.id) ?? null)
      setTotal((count) => count - 1)
      notify.success('Link deleted', link.short_url)
    } catch (error) {
      notify.error('Could not delete the link', toApiError(error).message)
    }
  }

  if (!token) {
    return (
      <p className="text-sm text-muted-foreground">
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>{' '}
        to keep a list of your links, see how often each was clicked and delete them.
      </p>
    )
  }
  if (links === null) return <p className="text-sm text-muted-foreground">Loading your links…</p>
  if (links.length === 0) return <p className="text-sm text-muted-foreground">You have not shortened any links yet.</p>

  return (
    <div className="flex flex-col gap-2">
      <Table aria-label="My links">
        <TableHeader>
          <TableRow>
            <TableHead>Short link</TableHead>
            <TableHead className="hidden md:table-cell">Goes to</TableHead>
            <TableHead className="text-right">Clicks</TableHead>
            <TableHead className="hidden sm:table-cell">Expires</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {links.map((link) => (
            <TableRow key={link.id}>
              <TableCell className="max-w-40 font-mono">
                <span className="block truncate">/s/{link.short_code}</span>
                {link.status !== 'active' && <Badge variant="secondary">{STATUS_LABELS[link.status]}</Badge>}
              </TableCell>
              <TableCell className="hidden max-w-64 truncate md:table-cell" title={link.original_url}>
                {link.original_url}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {link.clicks}
                {link.max_clicks !== null && <span className="text-muted-foreground"> / {link.max_clicks}</span>}
              </TableCell>
              <TableCell className="hidden sm:table-cell">{formatExpiry(link.expires_at)}</TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <CopyButton value={link.short_url} label={`Copy ${link.short_url}`} className="size-8" />
                <Button variant="ghost" size="icon" className="size-8" aria-label={`Delete ${link.short_url}`} onClick={() => void remove(link)}>
                  <Trash2 aria-hidden />
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {total > links.length && <p className="text-xs text-muted-foreground">Showing the newest {links.length} of {total}.</p>}
    </div>
  )
}
