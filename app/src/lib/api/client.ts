// The one typed client for the BFF. Request and response types come from schema.d.ts, generated
// from the BFF's /api/openapi.json (`npm run api:types`); nothing here restates them by hand.
import createClient, { type Middleware } from 'openapi-fetch'
import { getAccessToken } from '@/lib/api/access-token'
import type { components, paths } from '@/lib/api/schema'
import { fetchWithSecondFactor } from '@/lib/second-factor'
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/unexpected-error'

export type ApiSchemas = components['schemas']
export type ApiPaths = paths

/** The BFF's JSON error `{"error": {"code", "message"}}` as an exception. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  /** The BFF names the field first in its validation messages ("nickname must be …"). */
  get field(): string | undefined {
    return this.code === 'invalid_input' ? this.message.split(' ')[0] : undefined
  }
}

const FALLBACK_MESSAGE = UNEXPECTED_ERROR_MESSAGE

export function apiErrorFrom(status: number, body: unknown): ApiError {
  const error = (body as Partial<ApiSchemas['Error']> | null)?.error
  if (error && typeof error.message === 'string') return new ApiError(status, error.code ?? 'error', error.message)
  return new ApiError(status, 'error', FALLBACK_MESSAGE)
}

/** Headers every BFF call carries: the access token when someone is signed in. */
export function authHeaders(): Record<string, string> {
  const token = getAccessToken()
  return token ? { Authorization: `Bearer ${token}` } : {}
}

/** The header for a call made with a given token (the session's, before the provider has it). */
export function bearer(accessToken: string): { Authorization: string } {
  return { Authorization: `Bearer ${accessToken}` }
}

const attachToken: Middleware = {
  onRequest({ request }) {
    for (const [name, value] of Object.entries(authHeaders())) {
      if (!request.headers.has(name)) request.headers.set(name, value)
    }
    return request
  },
}

let client: ReturnType<typeof createClient<paths>> | undefined

/** The typed client; created on first use so tests can stub `fetch` before it. */
export function api() {
  if (!client) {
    client = createClient<paths>({
      baseUrl: globalThis.location?.origin ?? '',
      // Looked up per call, so a stubbed fetch in tests is honoured; `mfa_required` asks for the
      // second step and retries (lib/second-factor.ts).
      fetch: (request) => fetchWithSecondFactor(request),
    })
    client.use(attachToken)
  }
  return client
}

/** Unwraps an openapi-fetch answer: the data, or the BFF's error as an ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) throw apiErrorFrom(result.response.status, result.error)
  return result.data as T
}

/** A network failure (offline, refused) reads as an ApiError too, so callers show one kind of error. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  return new ApiError(0, 'network_error', 'The server could not be reached. Check your connection and try again.')
}
