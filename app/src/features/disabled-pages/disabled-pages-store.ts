import { useSyncExternalStore } from 'react'
import { api, unwrap } from '@/lib/api/client'
import { focusSource, pollSource, watchForChanges, type ChangeSource } from '@/lib/change-sources'
import type { PageKey } from '@/lib/page-keys'
import { cacheMap, fromApi, readCachedMap, sameMap, type DisabledPagesMap, type PageState } from '@/features/disabled-pages/disabled-pages-map'

// The disabled-pages map for every open page: the cached copy first, then GET /api/pages, again on
// focus and every 30 s so an admin's change reaches open tabs; where the stack has Realtime, a
// subscription on page_settings joins through addDisabledPagesSource and the poll stays the fallback.
let map: DisabledPagesMap | undefined
// Whether GET /api/pages has answered (or failed) since the app started: until then an empty cache
// cannot tell that a page is switched off.
let answered = false
const listeners = new Set<() => void>()
let stopWatching: (() => void) | undefined
let sources: ChangeSource[] = [pollSource(), focusSource()]

function current(): DisabledPagesMap {
  map ??= readCachedMap()
  return map
}

export async function refreshDisabledPages(): Promise<void> {
  try {
    // no-cache: the BFF lets shared caches keep the map 10 s; an open tab wants the server's answer.
    const data = unwrap(await api().GET('/api/pages', { cache: 'no-cache' }))
    const next = fromApi(data.pages)
    cacheMap(next)
    if (!sameMap(current(), next)) map = next
  } catch (error) {
    // The cached map stays in force; the next poll or focus tries again.
    console.warn('[pages] Could not load the disabled-pages map.', error)
  }
  answered = true
  for (const listener of listeners) listener()
}

export function subscribeDisabledPages(listener: () => void): () => void {
  listeners.add(listener)
  if (!stopWatching) {
    stopWatching = watchForChanges(sources, () => void refreshDisabledPages())
    void refreshDisabledPages()
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      stopWatching?.()
      stopWatching = undefined
    }
  }
}

/** One more source beside the poll and focus (src/app/realtime-sources.ts adds Realtime's). */
export function addDisabledPagesSource(source: ChangeSource): void {
  sources = [...sources, source]
  if (!stopWatching) return
  const stopOthers = stopWatching
  const stopThis = source(() => void refreshDisabledPages())
  stopWatching = () => {
    stopOthers()
    stopThis()
  }
}

export function getDisabledPages(): DisabledPagesMap {
  return current()
}

export function usePageState(pageKey: PageKey): PageState | undefined {
  return useSyncExternalStore(subscribeDisabledPages, getDisabledPages, getDisabledPages)[pageKey]
}

/** Whether the server's map has been asked for and answered (or failed): before, a page missing from an empty cache may still be switched off. */
export function useDisabledPagesAnswered(): boolean {
  return useSyncExternalStore(subscribeDisabledPages, () => answered, () => answered)
}

/** Tests only. */
export function resetDisabledPagesForTests(nextSources?: ChangeSource[]): void {
  stopWatching?.()
  stopWatching = undefined
  listeners.clear()
  map = undefined
  answered = false
  if (nextSources) sources = nextSources
}
