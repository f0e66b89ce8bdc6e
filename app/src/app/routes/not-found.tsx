import { Compass } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function NotFoundPage() {
  const { pathname } = useLocation()
  usePageMetadata({ title: 'Page not found', description: 'The page you were looking for does not exist.', noindex: true })

  return (
    <div className="flex flex-1 items-center justify-center px-4 py-20">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <p className="bg-gradient-to-br from-indigo-500 to-sky-500 bg-clip-text text-7xl font-black tracking-tighter text-transparent" aria-hidden>
          404
        </p>
        <h1 className="text-2xl font-bold tracking-tight">Page not found</h1>
        <p className="text-muted-foreground">
          We couldn’t find <code className="rounded bg-muted px-1.5 py-0.5 text-sm break-all">{pathname}</code>. It may have moved, or the link may be
          mistyped.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/">Go to home page</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/all-tools">
              <Compass aria-hidden />
              Browse all tools
            </Link>
          </Button>
        </div>
      </div>
    </div>
  )
}
