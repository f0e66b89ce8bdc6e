import type { ApiSchemas } from '@/lib/api/client'
import { DEFAULT_DISABLED_MESSAGE, PAGE_KEYS, type PageKey } from '@/lib/page-keys'
import { readStorage, writeStorage } from '@/lib/storage'

// SPEC §3: the disabled-pages map as the browser keeps it (page key → isDisabled, disableReason),
// cached so the first paint already knows a page is disabled before GET /api/pages answers.
export const DISABLED_PAGES_STORAGE_KEY = 'disabled-pages'

export interface PageState {
  isDisabled: boolean
  disableReason: string
}

export type DisabledPagesMap = Partial<Record<PageKey, PageState>>

function isPageState(value: unknown): value is PageState {
  const entry = value as Partial<PageState> | null
  return typeof entry === 'object' && entry !== null && typeof entry.isDisabled === 'boolean' && typeof entry.disableReason === 'string'
}

export function isDisabledPagesMap(value: unknown): value is DisabledPagesMap {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.entries(value).every(([key, entry]) => (PAGE_KEYS as readonly string[]).includes(key) && isPageState(entry))
}

/** The BFF's answer in the SPEC's shape; keys the app does not know are dropped. */
export function fromApi(pages: ApiSchemas['Pages']['pages']): DisabledPagesMap {
  const map: DisabledPagesMap = {}
  for (const key of PAGE_KEYS) {
    const entry = pages[key]
    if (entry) map[key] = { isDisabled: entry.is_disabled, disableReason: entry.disable_reason }
  }
  return map
}

export function readCachedMap(): DisabledPagesMap {
  return readStorage<DisabledPagesMap>(DISABLED_PAGES_STORAGE_KEY, {}, isDisabledPagesMap)
}

export function cacheMap(map: DisabledPagesMap): void {
  writeStorage(DISABLED_PAGES_STORAGE_KEY, map)
}

/** What the overlay says: the admin's reason, or the SPEC's default sentence. */
export function disabledMessage(state: PageState | undefined): string {
  const reason = state?.disableReason.trim()
  return reason ? reason : DEFAULT_DISABLED_MESSAGE
}

export function sameMap(a: DisabledPagesMap, b: DisabledPagesMap): boolean {
  return PAGE_KEYS.every((key) => a[key]?.isDisabled === b[key]?.isDisabled && a[key]?.disableReason === b[key]?.disableReason)
}
