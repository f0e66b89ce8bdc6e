import { TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { Button } from '@/components/ui/button'
import { applyPageMetadata } from '@/lib/seo/metadata'
import { cn } from '@/lib/utils'

/** The router's fallback error screen (SPEC §2, §8). */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined

  useEffect(() => {
    applyPageMetadata({ title: 'Error', description: 'Something went wrong.', noindex: true })
  }, [])

  return (
    <div className={cn('flex flex-1 items-center justify-center px-4 py-16', standalone && 'min-h-dvh')}>
      <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
          <TriangleAlert className="size-7" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Unexpected Application Error!</h1>
        <p className="text-muted-foreground">Something went wrong while showing this page. Please try again, or head back home.</p>
        {detail && import.meta.env.DEV && <pre className="max-w-full overflow-x-auto rounded-md bg-muted p-3 text-left text-xs">{detail}</pre>}
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            {/* A full reload clears whatever state broke the page. */}
            <a href="/">Go to home page</a>
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </div>
        {!standalone && (
          <Link to="/help" className="text-sm text-primary hover:underline">
            Get help
          </Link>
        )}
      </div>
    </div>
  )
}
