import { api, toApiError, unwrap } from '@/lib/api/client'
import type { DeadLinkReason } from '@/tools/url-shortener/dead-links'

/** Where a code leads, or why it leads nowhere ('protected': only the redirect service's page opens it). */
export type Resolution = { url: string } | { reason: DeadLinkReason | 'protected' | null }

// The BFF's answers when there is no destination to give (GET /api/links/resolve/{code}).
const REASONS: Record<string, DeadLinkReason | 'protected'> = {
  not_found: 'unknown',
  link_expired: 'expired',
  link_exhausted: 'exhausted',
  password_required: 'protected',
}

// Resolving counts a click: a re-run effect (React's StrictMode runs them twice) must not count two.
const inflight = new Map<string, Promise<Resolution>>()

async function resolveOnce(code: string): Promise<Resolution> {
  try {
    const { url } = unwrap(await api().GET('/api/links/resolve/{code}', { params: { path: { code } } }))
    return { url }
  } catch (error) {
    return { reason: REASONS[toApiError(error).code] ?? null }
  } finally {
    setTimeout(() => inflight.delete(code), 1000)
  }
}

/** The destination of a short code (counting the click), or why there is none (SPEC §5: home). */
export function resolveShortLink(code: string): Promise<Resolution> {
  if (!code) return Promise.resolve({ reason: 'unknown' })
  let request = inflight.get(code)
  if (!request) {
    request = resolveOnce(code)
    inflight.set(code, request)
  }
  return request
}

/** SPEC §5: a destination without http/https gets https:// in front. */
export function withScheme(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`
}
