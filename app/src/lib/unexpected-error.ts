import { notify } from '@/lib/notify'

// The one place an unexpected failure becomes words for the user (SPEC §8). Failures the server
// explained (a 4xx with a message) keep that message; everything else reads the same.
export const UNEXPECTED_ERROR_MESSAGE = 'An error occurred. Please try again later.'

type UnexpectedErrorListener = (error: unknown) => void
const listeners = new Set<UnexpectedErrorListener>()

/** A message written for people, if the error carries one (the BFF's 4xx answers do). */
function explainedMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { status, message } = error as { status?: unknown; message?: unknown }
  const explained = typeof status === 'number' && status >= 400 && status < 500
  return explained && typeof message === 'string' && message ? message : undefined
}

export function userMessageFor(error: unknown): string {
  return explainedMessage(error) ?? UNEXPECTED_ERROR_MESSAGE
}

/** Shows the error toast and tells listeners (the security incident log records it). */
export function reportUnexpectedError(error: unknown): void {
  console.error('[app] Unexpected failure', error)
  notify.error(UNEXPECTED_ERROR_MESSAGE)
  for (const listener of listeners) listener(error)
}

export function onUnexpectedError(listener: UnexpectedErrorListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
