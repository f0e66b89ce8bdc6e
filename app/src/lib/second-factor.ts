// The BFF answers 403 `mfa_required` to a password-only (aal1) access token of an account with a
// verified authenticator. Instead of showing that as an error, a BFF call asks for the second step
// (the auth feature registers who asks: features/auth/mfa/second-factor-prompt.tsx) and, once the
// code is in, sends the same request again with the new (aal2) token.

export const MFA_REQUIRED = 'mfa_required'

/** Resolves with the new access token once the code is verified, or null if the user gave up. */
type SecondFactorHandler = () => Promise<string | null>

let handler: SecondFactorHandler | null = null
let pending: Promise<string | null> | null = null

export function setSecondFactorHandler(next: SecondFactorHandler | null): void {
  handler = next
}

/** One second step however many calls were refused meanwhile: they all wait for the same code. */
export function completeSecondFactor(): Promise<string | null> {
  if (!handler) return Promise.resolve(null)
  pending ??= handler().finally(() => {
    pending = null
  })
  return pending
}

async function errorCode(response: Response): Promise<string | undefined> {
  const body: unknown = await response.clone().json().catch(() => null)
  return (body as { error?: { code?: unknown } } | null)?.error?.code as string | undefined
}

function withToken(headers: HeadersInit | undefined, token: string): Headers {
  const next = new Headers(headers)
  next.set('Authorization', `Bearer ${token}`)
  return next
}

/**
 * fetch() for BFF calls: on `mfa_required` it waits for the second step and retries once with the
 * new token. Anything else (including a refusal after the retry, or a step given up) is returned
 * as it came, for the caller's usual error handling.
 */
export async function fetchWithSecondFactor(input: Request | string, init?: RequestInit): Promise<Response> {
  const signedIn = input instanceof Request ? input.headers.has('Authorization') : new Headers(init?.headers).has('Authorization')
  // A Request's body can be read once: keep a copy for the retry (only signed-in calls can need one).
  const spare = signedIn && input instanceof Request ? input.clone() : null
  const response = await globalThis.fetch(input, init)
  if (response.status !== 403 || !signedIn || (await errorCode(response)) !== MFA_REQUIRED) return response
  const token = await completeSecondFactor()
  if (!token) return response
  if (spare) return globalThis.fetch(new Request(spare, { headers: withToken(spare.headers, token) }))
  return globalThis.fetch(input, { ...init, headers: withToken(init?.headers, token) })
}
