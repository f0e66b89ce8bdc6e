// Where the API client gets the signed-in user's access token. Auth (a later issue) registers a
// provider; until then there is none and every call is anonymous. Subscribers re-render on change.
type TokenProvider = () => string | null

let provider: TokenProvider = () => null
const listeners = new Set<() => void>()

export function setAccessTokenProvider(next: TokenProvider): void {
  provider = next
  notifyAccessTokenChanged()
}

export function getAccessToken(): string | null {
  return provider()
}

/** Call when the session changes (sign-in, refresh, sign-out). */
export function notifyAccessTokenChanged(): void {
  for (const listener of listeners) listener()
}

export function subscribeAccessToken(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
