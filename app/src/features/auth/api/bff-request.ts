// Calls of the BFF (/api on the app's own origin) as the signed-in user.
import { fetchWithSecondFactor } from '@/lib/second-factor'

export class BffError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'BffError'
  }

  /** The BFF names the field first in validation messages ("nickname must be …"). */
  get field(): string | undefined {
    return this.code === 'invalid_input' ? this.message.split(' ')[0] : undefined
  }
}

export async function bffRequest<T>(path: string, accessToken: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetchWithSecondFactor(`/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${accessToken}`,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  if (response.status === 204) return undefined as T
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const error = (payload as { error?: { code?: string; message?: string } } | null)?.error
    throw new BffError(response.status, error?.code ?? 'http_error', error?.message ?? `The server answered ${response.status}.`)
  }
  return payload as T
}
