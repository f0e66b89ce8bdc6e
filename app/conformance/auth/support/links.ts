/** Following a mail link like a browser does, stopping at Auth's redirect to read where it sends us. */
import { recordingFetch } from './http'

export interface Landing {
  status: number
  location: URL
  /** the fragment's parameters (implicit flow: tokens or an error) */
  fragment: URLSearchParams
  /** the query's parameters (PKCE flow: ?code=) */
  query: URLSearchParams
}

export async function follow(link: string): Promise<Landing> {
  const response = await recordingFetch()(link, { redirect: 'manual' })
  const location = response.headers.get('location')
  if (!location) throw new Error(`${link} answered ${response.status} without a Location`)
  const url = new URL(location)
  return {
    status: response.status,
    location: url,
    fragment: new URLSearchParams(url.hash.replace(/^#/, '')),
    query: url.searchParams,
  }
}
