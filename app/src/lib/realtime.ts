import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  SupabaseClient,
} from '@supabase/supabase-js'
import type { ChangeSource } from '@/lib/change-sources'

// Table subscriptions over Supabase Realtime (postgres_changes), the same on Supabase and on the
// local stack (supabase/local/realtime/). The server sends a change only to subscribers whose role
// and claims may select the row, so callers need no filtering of their own. Realtime is a speed-up,
// not a guarantee (a socket can drop, a change can be missed while reconnecting): callers keep their
// focus/poll re-check and may re-check once more whenever `onStatus` reports `live` again.

export type TableEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE'
export type TableChange = RealtimePostgresChangesPayload<Record<string, unknown>>
export type SubscriptionStatus = 'live' | 'down'

export interface TableSubscription {
  table: string
  schema?: string
  event?: TableEvent
  /** PostgREST-style filter, e.g. `user_id=eq.<uuid>` (eq, neq, lt, lte, gt, gte, in). */
  filter?: string
}

let channelCount = 0

/**
 * Calls `onChange` for every change to the table this user may see; returns the unsubscribe
 * function. `onStatus` says when the subscription is live and when it is down (error, timeout,
 * closed), so the caller can lean on its fallback meanwhile.
 */
export function subscribeToTable(
  client: SupabaseClient,
  subscription: TableSubscription,
  onChange: (change: TableChange) => void,
  onStatus?: (status: SubscriptionStatus, error?: Error) => void,
): () => void {
  const { table, schema = 'public', event = '*', filter } = subscription
  channelCount += 1
  const channel: RealtimeChannel = client.channel(`${schema}-${table}-${channelCount}`)
  channel.on(
    'postgres_changes' as never,
    { event, schema, table, ...(filter ? { filter } : {}) } as never,
    (payload: TableChange) => onChange(payload),
  )
  channel.subscribe((status, error) => {
    // The status is supabase-js's string enum, read as its string: importing the enum's value would
    // bring supabase-js into the bundle of whoever imports this module.
    onStatus?.(`${status}` === 'SUBSCRIBED' ? 'live' : 'down', error)
  })
  return () => {
    void client.removeChannel(channel)
  }
}

/**
 * A change source (lib/change-sources.ts) fed by Realtime: fires on every change to the table this
 * visitor may see, and each time the subscription becomes live (to catch up on what a dropped
 * socket missed). supabase-js loads on first use, so pages without such a store stay light.
 */
export function realtimeSource(subscription: TableSubscription): ChangeSource {
  return (onChange) => {
    let stop: (() => void) | undefined
    let stopped = false
    import('@/lib/supabase')
      .then(({ supabase }) => {
        if (stopped) return
        stop = subscribeToTable(supabase, subscription, () => onChange(), (status) => {
          if (status === 'live') onChange()
        })
      })
      .catch((error: unknown) => console.warn(`[realtime] Could not subscribe to ${subscription.table}.`, error))
    return () => {
      stopped = true
      stop?.()
    }
  }
}
