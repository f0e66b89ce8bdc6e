import { TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { Button } from '@/components/ui/button'
import { CHUNK_NOT_LOADED, isChunkLoadError } from '@/lib/chunk-load-error'
import { applyPageMetadata } from '@/lib/seo/metadata'
import { cn } from '@/lib/utils'

/** The router's fallback error screen (SPEC §2, §8), inside the header and footer unless standalone. */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError()
  const notLoaded = isChunkLoadError(error)
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
        <p className="text-muted-foreground">
          {notLoaded
            ? CHUNK_NOT_LOADED
            : 'Something went wrong while showing this page. Please try again, or head back home.'}
        </p>
        {detail && import.meta.env.DEV && <pre className="max-w-full overflow-x-auto rounded-md bg-muted p-3 text-left text-xs">{detail}</pre>}
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild variant={notLoaded ? 'outline' : 'default'}>
            <a href="/">Go to home page</a>
          </Button>
          {/* A reload asks for the page's code again and clears whatever state broke the page. */}
          <Button variant={notLoaded ? 'default' : 'outline'} onClick={() => window.location.reload()}>
            {notLoaded ? 'Try again' : 'Reload'}
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
