import { createClient } from '@supabase/supabase-js'
import { config } from '@/config'
import { authStorageKey } from '@/lib/auth-storage-key'

// The one Supabase client. The gateway serves Auth under this same origin (/auth/v1), so the app
// needs no separate URL. Import this module only dynamically (see features/auth/auth-client.ts):
// supabase-js must stay out of the initial bundle of "/".
const url = window.location.origin

/** supabase-js's default key, named so a sign-out whose server call failed can still clear it (SPEC §4). */
export const AUTH_STORAGE_KEY = authStorageKey(url)

export const supabase = createClient(url, config.supabaseAnonKey, {
  auth: {
    flowType: 'pkce',
    persistSession: true,
    // The SPEC §4 refresh timer (features/auth/session/refresh-timer.ts) refreshes 5 minutes
    // before expiry with its own back-off; supabase-js's 30 s tick would race it.
    autoRefreshToken: false,
    detectSessionInUrl: true,
    storageKey: AUTH_STORAGE_KEY,
    // auth.passkey.* and signInWithPasskey (features/auth/passkeys/) are behind this flag in supabase-js.
    experimental: { passkey: true },
  },
})
