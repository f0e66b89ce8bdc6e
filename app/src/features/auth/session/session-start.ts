import type { Session } from '@supabase/supabase-js'

// SPEC §4/§9 session start: read the session; on failure retry up to 3 times, 1 s apart, then give
// up (the caller clears local state). The loading screen shows until this settles.
export const SESSION_START_RETRIES = 3
export const SESSION_START_RETRY_DELAY_MS = 1000

type SessionRead = () => Promise<{ data: { session: Session | null }; error: unknown }>

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The session (or null when signed out); throws the last error after the first read and 3 retries fail. */
export async function readSessionWithRetries(read: SessionRead): Promise<Session | null> {
  let lastError: unknown
  for (let attempt = 0; attempt <= SESSION_START_RETRIES; attempt++) {
    if (attempt > 0) await wait(SESSION_START_RETRY_DELAY_MS)
    try {
      const { data, error } = await read()
      if (!error) return data.session
      lastError = error
    } catch (error) {
      lastError = error
    }
    console.warn(`[auth] Reading the session failed (attempt ${attempt + 1} of ${SESSION_START_RETRIES + 1}).`, lastError)
  }
  throw lastError
}
