import { Link2 } from 'lucide-react'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

// In the full stack the gateway answers /s/{code} with a real HTTP redirect; this screen only
// shows if the app itself is asked for the path. Resolving the code arrives with the short-links issue.
export default function ShortLinkPage() {
  usePageMetadata({ title: 'Redirecting', description: 'Taking you to your destination.', noindex: true })
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
