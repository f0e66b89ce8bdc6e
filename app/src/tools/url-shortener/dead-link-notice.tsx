import { Link2Off, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { DEAD_LINK_NOTICES, DEAD_LINK_PARAM, deadLinkReason } from '@/tools/url-shortener/dead-links'

/**
 * On the home page after a dead short link: says why the visitor landed here (issue 27, item 17).
 * The reason leaves the address at once, so a reload or a shared home link shows no stale notice.
 */
export default function DeadLinkNotice() {
  const [params, setParams] = useSearchParams()
  const [reason, setReason] = useState(() => deadLinkReason(params.get(DEAD_LINK_PARAM)))

  useEffect(() => {
    if (!params.has(DEAD_LINK_PARAM)) return
    const rest = new URLSearchParams(params)
    rest.delete(DEAD_LINK_PARAM)
    setParams(rest, { replace: true })
  }, [params, setParams])

  if (!reason) return null
  const notice = DEAD_LINK_NOTICES[reason]
  return (
    <div role="status" className="glass flex items-start gap-3 rounded-xl border border-amber-500/40 p-4 text-left shadow-sm">
      <Link2Off className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{notice.title}</p>
        <p className="text-sm text-muted-foreground">{notice.detail}</p>
      </div>
      <button type="button" onClick={() => setReason(null)} aria-label="Dismiss this notice" className="rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <X className="size-4" aria-hidden />
      </button>
    </div>
  )
}
