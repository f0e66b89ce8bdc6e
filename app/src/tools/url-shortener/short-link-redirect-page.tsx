import { Link2 } from 'lucide-react'
import { useEffect } from 'react'
import { useNavigate, useParams } from 'react-router'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'
import { homeFor } from '@/tools/url-shortener/dead-links'
import { resolveShortLink, withScheme } from '@/tools/url-shortener/resolve-short-link'

// Links opened from outside never get here: the gateway sends /s/{code} to the redirect service, which answers with
// a real 302 (or its password page). This screen serves navigations inside the app: a dead link goes home with the
// reason for the home page's notice, a protected one to the redirect service's password page (a real page load).
export default function ShortLinkRedirectPage() {
  const { code = '' } = useParams()
  const navigate = useNavigate()
  usePageMetadata({ title: 'Redirecting', description: 'Taking you to your destination.', noindex: true })

  useEffect(() => {
    let active = true
    void resolveShortLink(code).then((resolution) => {
      if (!active) return
      // Replace, so Back does not return to this screen and bounce forward again.
      if ('url' in resolution) window.location.replace(withScheme(resolution.url))
      else if (resolution.reason === 'protected') window.location.replace(`/s/${encodeURIComponent(code)}`)
      else void navigate(resolution.reason ? homeFor(resolution.reason) : '/', { replace: true })
    })
    return () => {
      active = false
    }
  }, [code, navigate])

  return (
    <div className="page-glow flex min-h-dvh items-center justify-center px-4">
      <div role="status" aria-live="polite" className="glass flex max-w-sm flex-col items-center gap-4 rounded-2xl p-8 text-center shadow-xl">
        <span className="relative flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
          <Link2 className="size-7" aria-hidden />
          <span className="absolute inset-0 animate-ping rounded-2xl bg-primary/10" aria-hidden />
        </span>
        <h1 className="text-xl font-bold tracking-tight">Redirecting you...</h1>
        <p className="text-sm text-muted-foreground">You'll be taken to your destination momentarily</p>
      </div>
    </div>
  )
}
