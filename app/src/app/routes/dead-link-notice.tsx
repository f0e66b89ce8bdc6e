import { Link2Off, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { DEAD_LINK_PARAM, DEAD_LINK_VALUE } from '@/lib/dead-short-link'

/** Why a short link landed here. Read once, then dropped from the address so a reload or a shared URL does not repeat it. */
export function DeadLinkNotice() {
  const [params, setParams] = useSearchParams()
  const [shown, setShown] = useState(() => params.get(DEAD_LINK_PARAM) === DEAD_LINK_VALUE)

  useEffect(() => {
    if (!params.has(DEAD_LINK_PARAM)) return
    setParams((current) => {
      const next = new URLSearchParams(current)
      next.delete(DEAD_LINK_PARAM)
      return next
    }, { replace: true })
  }, [params, setParams])

  if (!shown) return null
  return (
    <div role="status" data-testid="dead-link-notice" className="glass flex w-full max-w-2xl items-start gap-3 rounded-xl border px-4 py-3 text-left text-sm">
      <Link2Off className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">That short link doesn’t lead anywhere any more.</strong> It has expired, used up its clicks or never existed. Ask
        whoever sent it for a new one, or{' '}
        <Link to="/url-shortener" className="font-medium text-primary underline-offset-4 hover:underline">
          make your own
        </Link>
        .
      </p>
      <Button variant="ghost" size="icon" className="-my-1 size-7 shrink-0" aria-label="Dismiss this notice" onClick={() => setShown(false)}>
        <X aria-hidden />
      </Button>
    </div>
  )
}
