import { api, unwrap } from '@/lib/api/client'

/** The destination of a short code (counting the click), or null when missing, unknown or expired. */
export async function resolveShortLink(code: string): Promise<string | null> {
  if (!code) return null
  try {
    const { url } = unwrap(await api().GET('/api/links/resolve/{code}', { params: { path: { code } } }))
    return url
  } catch {
    return null
  }
}

/** SPEC §5: a destination without http/https gets https:// in front. */
export function withScheme(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`
}
