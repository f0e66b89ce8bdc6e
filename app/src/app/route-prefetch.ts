import { matchRoutes } from 'react-router'
import { appRoutes, type PrefetchHandle } from '@/app/route-table'
import { findToolByPath } from '@/tools'

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const

/** Starts loading the code of the page at `path` (a tool's page, or a lazy route's), once. */
export function prefetchRoute(path: string): void {
  const tool = findToolByPath(path)
  if (tool) {
    void tool.component().catch(() => undefined) // the page itself reports a failed load when opened
    return
  }
  for (const match of matchRoutes(appRoutes, path) ?? []) {
    const { lazy } = match.route
    const handle: unknown = match.route.handle // react-router types a route's handle as `any`
    if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => undefined)
    const prefetch = (handle as Partial<PrefetchHandle> | undefined)?.prefetch
    if (typeof prefetch === 'function') void prefetch().catch(() => undefined)
  }
}

/**
 * The likely next page: the one a link leads to, as soon as the visitor points at it, focuses it or
 * touches it — a hundred milliseconds or more before the click — so its chunk is on its way (or
 * there) when the page opens. Returns the function that stops listening.
 */
export function prefetchOnIntent(root: Document = document): () => void {
  const asked = new Set<string>()
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || asked.has(link.pathname)) return
    asked.add(link.pathname)
    prefetchRoute(link.pathname)
  }
  for (const type of INTENT_EVENTS) root.addEventListener(type, onIntent, { capture: true, passive: true })
  return () => {
    for (const type of INTENT_EVENTS) root.removeEventListener(type, onIntent, { capture: true })
  }
}
