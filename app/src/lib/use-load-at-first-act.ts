import { useEffect, useRef } from 'react'
import { whenVisitorActs } from '@/lib/when-visitor-acts'

/**
 * Fetches what a page shows only later (its editor, its results; each of `loads` a dynamic import) at
 * the visitor's first act on the page (lib/when-visitor-acts), not while it loads. A failed fetch is
 * ignored here: the lazy component asks again when it renders, and then shows the route's retry.
 */
export function useLoadAtFirstAct(...loads: (() => Promise<unknown>)[]): void {
  const loadsAtMount = useRef(loads) // module-level imports: the first render's are the page's
  useEffect(() => whenVisitorActs(() => loadsAtMount.current.forEach((load) => void load().catch(() => undefined))), [])
}
