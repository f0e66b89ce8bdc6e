import { api, unwrap } from '@/lib/api/client'

// Resolving counts a click: a re-run effect (React's StrictMode runs them twice) must not count two.
const inflight = new Map<string, Promise<string | null>>()

async function resolveOnce(code: string): Promise<string | null> {
  try {
    const { url } = unwrap(await api().GET('/api/links/resolve/{code}', { params: { path: { code } } }))
    return url
  } catch {
    return null
  } finally {
    setTimeout(() => inflight.delete(code), 1000)
  }
}

/** The destination of a short code (counting the click), or null when missing, unknown or expired. */
export function resolveShortLink(code: string): Promise<string | null> {
  if (!code) return Promise.resolve(null)
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
