import { BarChart3, Lock, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { CopyButton } from '@/components/copy-button'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { api, toApiError, unwrap, type ApiSchemas } from '@/lib/api/client'
import { useAccessToken } from '@/lib/api/use-access-token'
import { notify } from '@/lib/notify'
import { ShortLinkQrButton } from '@/tools/url-shortener/short-link-qr-button'
import { formatExpiry, STATUS_LABELS } from '@/tools/url-shortener/url-shortener.service'

type ShortLink = ApiSchemas['ShortLink']

/** The signed-in user's short links (GET /api/links) with their clicks; each can be deleted. */
export function MyShortLinks({ refreshKey }: { refreshKey: number }) {
  const token = useAccessToken()
  const [shortLinks, setShortLinks] = useState<ShortLink[] | null>(null)
  const [total, setTotal] = useState(0)

  useEffect(() => {
    if (!token) return
    let active = true
    // The list is set in the promise's callback, once the BFF has answered (never synchronously in the effect).
    void api()
      .GET('/api/links', { params: { query: { limit: 50 } } })
      .then((answer) => unwrap(answer))
      .then(
        (page) => {
          if (!active) return
          setShortLinks(page.links)
          setTotal(page.total)
        },
        (error: unknown) => notify.error('Could not load your links', toApiError(error).message),
      )
    return () => {
      active = false
    }
  }, [token, refreshKey])

  // Signing out forgets the list, so the next account's sign-in shows "Loading" rather than it.
  const signedIn = token !== null
  useEffect(() => {
    if (!signedIn) return
    return () => setShortLinks(null)
  }, [signedIn])

  const remove = async (shortLink: ShortLink) => {
    try {
      unwrap(await api().DELETE('/api/links/{link_id}', { params: { path: { link_id: shortLink.id } } }))
      setShortLinks((current) => current?.filter((item) => item.id !== shortLink.id) ?? null)
      setTotal((count) => count - 1)
      notify.success('Link deleted', shortLink.short_url)
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
  if (shortLinks === null) return <p className="text-sm text-muted-foreground">Loading your links…</p>
  if (shortLinks.length === 0) return <p className="text-sm text-muted-foreground">You have not shortened any links yet.</p>

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
          {shortLinks.map((shortLink) => (
            <TableRow key={shortLink.id}>
              <TableCell className="max-w-40 font-mono">
                <span className="block truncate">/s/{shortLink.short_code}</span>
                {shortLink.protected && (
                  <Badge variant="outline">
                    <Lock aria-hidden />
                    Password
                  </Badge>
                )}
                {shortLink.status !== 'active' && <Badge variant="secondary">{STATUS_LABELS[shortLink.status]}</Badge>}
              </TableCell>
              <TableCell className="hidden max-w-64 truncate md:table-cell" title={shortLink.original_url}>
                {shortLink.original_url}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {shortLink.clicks}
                {shortLink.max_clicks !== null && <span className="text-muted-foreground"> / {shortLink.max_clicks}</span>}
              </TableCell>
              <TableCell className="hidden sm:table-cell">{formatExpiry(shortLink.expires_at)}</TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <Button variant="ghost" size="icon" className="size-8" asChild>
                  <Link to={`/url-shortener?stats=${shortLink.id}`} aria-label={`Statistics of ${shortLink.short_url}`}>
                    <BarChart3 aria-hidden />
                  </Link>
                </Button>
                <ShortLinkQrButton shortUrl={shortLink.short_url} shortCode={shortLink.short_code} className="size-8" />
                <CopyButton value={shortLink.short_url} label={`Copy ${shortLink.short_url}`} className="size-8" />
                <Button variant="ghost" size="icon" className="size-8" aria-label={`Delete ${shortLink.short_url}`} onClick={() => void remove(shortLink)}>
                  <Trash2 aria-hidden />
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {total > shortLinks.length && <p className="text-xs text-muted-foreground">Showing the newest {shortLinks.length} of {total}.</p>}
    </div>
  )
}
