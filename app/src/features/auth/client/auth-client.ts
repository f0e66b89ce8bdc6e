import type { SupabaseClient } from '@supabase/supabase-js'

// supabase-js (~50 KB gzipped) loads on first use, so pages that never touch Auth stay light.
let loading: Promise<typeof import('@/lib/supabase')> | undefined

function loadModule() {
  loading ??= import('@/lib/supabase').catch((error: unknown) => {
    loading = undefined // a failed chunk download may succeed on the next attempt
    throw error
  })
  return loading
}

export async function loadSupabase(): Promise<SupabaseClient> {
  return (await loadModule()).supabase
}

export async function loadAuth(): Promise<SupabaseClient['auth']> {
  return (await loadSupabase()).auth
}

/** Forgets the stored session without asking the server, for when sign-out could not reach it. */
export async function clearStoredSession(): Promise<void> {
  const { AUTH_STORAGE_KEY } = await loadModule()
  for (const key of [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-code-verifier`, `${AUTH_STORAGE_KEY}-user`]) {
    try {
      window.localStorage.removeItem(key)
    } catch (error) {
      console.warn(`[auth] Could not remove "${key}".`, error)
    }
  }
}
