import { BarChart3, X } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { api, toApiError, unwrap, type ApiSchemas } from '@/lib/api/client'
import { useAccessToken } from '@/lib/api/use-access-token'
import { ShortLinkQrButton } from '@/tools/url-shortener/short-link-qr-button'
import { BROWSER_LABELS, DEVICE_LABELS, STATS_PERIODS, summarizeClicks } from '@/tools/url-shortener/link-stats.service'

const ClicksChart = lazy(() => import('@/tools/url-shortener/clicks-chart'))

type LinkStats = ApiSchemas['LinkStats']

function Shares({ title, rows }: { title: string; rows: { label: string; clicks: number }[] }) {
  const total = rows.reduce((sum, row) => sum + row.clicks, 0)
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h4 className="text-sm font-semibold">{title}</h4>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No clicks in this period.</p>
      ) : (
        <ul className="flex flex-col gap-1.5 text-sm">
          {rows.map((row) => (
            <li key={row.label} className="flex flex-col gap-0.5">
              <span className="flex justify-between gap-2">
                <span className="min-w-0 truncate" title={row.label}>
                  {row.label}
                </span>
                <span className="tabular-nums text-muted-foreground">{row.clicks}</span>
              </span>
              <span className="h-1.5 rounded-full bg-muted" aria-hidden>
                <span className="block h-full rounded-full bg-primary" style={{ width: `${(100 * row.clicks) / total}%` }} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The page of one of my links: clicks per day (chart and table), referrer hosts, browsers, devices. */
export function LinkStats({ linkId }: { linkId: string }) {
  const token = useAccessToken()
  const [days, setDays] = useState<number>(30)
  const [stats, setStats] = useState<LinkStats | null>(null)
  // A failure belongs to the request it answered: another link, period or token shows none while it loads.
  const request = `${token ?? ''} ${linkId} ${days}`
  const [failure, setFailure] = useState<{ request: string; message: string } | null>(null)
  const problem = failure?.request === request ? failure.message : null
  const card = useRef<HTMLDivElement>(null)

  // Opened from the list below it: bring it into view and put the keyboard here.
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: 'start' })
    card.current?.focus({ preventScroll: true })
  }, [linkId])

  useEffect(() => {
    if (!token) return
    let active = true
    void (async () => {
      try {
        const loaded = unwrap(await api().GET('/api/links/{link_id}/stats', { params: { path: { link_id: linkId }, query: { days } } }))
        if (!active) return
        setStats(loaded)
        setFailure(null)
      } catch (error) {
        if (active) setFailure({ request, message: toApiError(error).message })
      }
    })()
    return () => {
      active = false
    }
  }, [token, linkId, days, request])

  const summary = stats ? summarizeClicks(stats.daily) : null
  return (
    // scroll-mt-20: brought into view below the sticky header (h-16), not under it.
    <Card ref={card} tabIndex={-1} aria-label="Link statistics" className="scroll-mt-20 outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2 text-base">
            <BarChart3 className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="truncate">{stats ? `Statistics of /s/${stats.short_code}` : 'Statistics'}</span>
          </CardTitle>
          {stats && (
            <CardDescription className="truncate" title={stats.original_url}>
              Goes to {stats.original_url} · {stats.total_clicks} {stats.total_clicks === 1 ? 'click' : 'clicks'} in all
            </CardDescription>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {stats && <ShortLinkQrButton shortUrl={stats.short_url} shortCode={stats.short_code} withLabel />}
          <Button variant="ghost" size="icon" asChild>
            <Link to="/url-shortener" aria-label="Close the statistics">
              <X aria-hidden />
            </Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {!token ? (
          <p className="text-sm text-muted-foreground">
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Sign in
            </Link>{' '}
            to see the statistics of your links.
          </p>
        ) : problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : !stats || !summary ? (
          <p className="text-sm text-muted-foreground" aria-busy="true">
            Loading the statistics…
          </p>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm" aria-live="polite">
                <strong className="tabular-nums">{summary.total}</strong> {summary.total === 1 ? 'click' : 'clicks'} in the last {stats.days} days
                {summary.busiest && ` · busiest day ${summary.busiest.day} (${summary.busiest.clicks})`}
              </p>
              <div role="group" aria-label="Period" className="flex gap-1">
                {STATS_PERIODS.map((period) => (
                  <Button key={period} size="sm" variant={period === days ? 'default' : 'outline'} aria-pressed={period === days} onClick={() => setDays(period)}>
                    {period} days
                  </Button>
                ))}
              </div>
            </div>
            <Suspense fallback={<div className="h-[220px] animate-pulse rounded-lg bg-muted" aria-hidden />}>
              <ClicksChart daily={stats.daily} />
            </Suspense>
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">Clicks per day as a table</summary>
              <table className="mt-2 w-full max-w-sm text-left">
                <caption className="sr-only">Clicks per day, UTC</caption>
                <thead>
                  <tr>
                    <th scope="col">Day (UTC)</th>
                    <th scope="col" className="text-right">Clicks</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.daily.map((row) => (
                    <tr key={row.day}>
                      <td>{row.day}</td>
                      <td className="text-right tabular-nums">{row.clicks}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
            <div className="grid gap-6 sm:grid-cols-3">
              <Shares title="Came from" rows={stats.referrers.map((r) => ({ label: r.host ?? 'Direct or unknown', clicks: r.clicks }))} />
              <Shares title="Browsers" rows={stats.browsers.map((b) => ({ label: BROWSER_LABELS[b.browser], clicks: b.clicks }))} />
              <Shares title="Devices" rows={stats.devices.map((d) => ({ label: DEVICE_LABELS[d.device], clicks: d.clicks }))} />
            </div>
            <p className="text-xs text-muted-foreground">Bots and link previews are never counted. Days are UTC days; the last few seconds of clicks may still be on their way.</p>
          </>
        )}
      </CardContent>
    </Card>
  )
}
