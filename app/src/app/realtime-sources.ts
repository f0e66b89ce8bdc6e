import { addAdminStatusSource } from '@/features/auth/session'
import { addDisabledPagesSource } from '@/features/disabled-pages/disabled-pages-store'
import { realtimeSource } from '@/lib/realtime'

// SPEC §6/§7: admin status is re-checked on any change to user_roles, and disabled pages reach open
// tabs within a second, through Supabase Realtime (the official server in production, the local one
// in ./scripts/dev and ./scripts/test). Each store keeps its focus/poll re-check as the fallback;
// supabase-js loads only once a store is in use.
export function startRealtimeSources(): void {
  addAdminStatusSource(realtimeSource({ table: 'user_roles' }))
  addDisabledPagesSource(realtimeSource({ table: 'page_settings' }))
}
