/**
 * Subscribing as the app does — `supabase.channel(name).on('postgres_changes', binding, callback)
 * .subscribe(status)` on a client made by createClient(gateway, anon key) — and waiting for what arrives.
 *
 * Absence is never asserted by waiting: a subscriber's changes arrive in commit order over one socket,
 * so "X did not arrive" is checked once a later change Y (which does arrive) is in.
 */
import { createHmac, randomUUID } from 'node:crypto'

import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'

import { databaseUrl, projectUrl } from '../auth/support/env'

export type Change = RealtimePostgresChangesPayload<Record<string, unknown>>
export interface Binding { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; schema: string; table: string; filter?: string }

/** A joined channel and everything it received, in order. */
export class Subscription {
  readonly changes: Change[] = []
  readonly system: Record<string, unknown>[] = []
  readonly statuses: string[] = []
  private waiters: (() => void)[] = []

  constructor(readonly channel: RealtimeChannel) {}

  record(list: unknown[], item: unknown): void {
    list.push(item)
    for (const wake of this.waiters.splice(0)) wake()
  }

  /** Resolves with the first item satisfying `test`; fails after `ms` (a deadline for the wait, not a measurement). */
  async waitFor<T>(pick: () => T | undefined, what: string, ms = 1000): Promise<T> {
    const deadline = Date.now() + ms
    for (;;) {
      const found = pick()
      if (found !== undefined) return found
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`${what} did not arrive within ${ms} ms; received ${JSON.stringify(this.changes)}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => { clearTimeout(timer); resolve() })
      })
    }
  }

  change(test: (c: Change) => boolean, what = 'the change', ms = 1000): Promise<Change> {
    return this.waitFor(() => this.changes.find(test), what, ms)
  }

  status(name: string, ms = 5000): Promise<string> {
    return this.waitFor(() => this.statuses.find((s) => s === name), `status ${name}`, ms)
  }
}

/**
 * Joins a channel with the given bindings and waits for SUBSCRIBED and the server's
 * "Subscribed to PostgreSQL" system message. Rejects with the channel error otherwise.
 */
export async function subscribe(client: SupabaseClient, bindings: Binding[]): Promise<Subscription> {
  const channel = client.channel(`conformance-${randomUUID()}`)
  const sub = new Subscription(channel)
  for (const binding of bindings) {
    channel.on('postgres_changes' as never, binding as never, (payload: Change) => sub.record(sub.changes, payload))
  }
  channel.on('system' as never, {} as never, (payload: Record<string, unknown>) => sub.record(sub.system, payload))
  const joined = new Promise<void>((resolve, reject) => {
    // The status is realtime-js's string enum (not exported by supabase-js): compared as the string it is.
    channel.subscribe((status, error) => {
      sub.record(sub.statuses, status)
      if (`${status}` === 'SUBSCRIBED') resolve()
      else reject(error ?? new Error(status))
    })
  })
  await joined
  await sub.waitFor(() => sub.system.find((m) => m.extension === 'postgres_changes'), 'the system message', 5000)
  return sub
}

/** Joins with a token of the caller's choosing and returns how the join ended (status and error). */
export async function joinOutcome(client: SupabaseClient, binding: Binding): Promise<{ status: string; error?: Error }> {
  const channel = client.channel(`conformance-${randomUUID()}`)
  channel.on('postgres_changes' as never, binding as never, () => undefined)
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (`${status}` === 'SUBSCRIBED') resolve({ status })
      else if (`${status}` !== 'CLOSED') {
        void client.removeChannel(channel)
        resolve({ status, error })
      }
    })
  })
}

/** The BFF's admin endpoints, called with a signed-in admin's token as the app calls them. */
export async function setAdmin(adminToken: string, userId: string, admin: boolean): Promise<void> {
  const response = await fetch(`${projectUrl}/api/admin/users/${userId}/admin`, {
    method: admin ? 'POST' : 'DELETE',
    headers: { Authorization: `Bearer ${adminToken}` },
  })
  if (!response.ok) throw new Error(`${admin ? 'grant' : 'revoke'} failed: ${response.status} ${await response.text()}`)
}

/** SQL as the operator (superuser): the first admin, rows with chosen values; returns the rows. */
export async function query(text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query(text, params)).rows as Record<string, unknown>[]
  } finally {
    await client.end()
  }
}

export async function sql(text: string, params: unknown[] = []): Promise<void> {
  await query(text, params)
}

/**
 * A page's disable reason changed as by the given admin (null: by no one), on one connection
 * carrying the admin's claims: the database stamps `updated_by` with them, as for the admin page.
 */
export async function updatePageAs(adminId: string | null, reason: string, page = 'pdf-editor'): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`select set_config('request.jwt.claims', $1, false)`,
      [adminId ? JSON.stringify({ sub: adminId, role: 'authenticated' }) : ''])
    await client.query('update public.page_settings set disable_reason = $1 where page_key = $2', [reason, page])
  } finally {
    await client.end()
  }
}

/** An HS256 token signed with the project's JWT secret, e.g. one already expired. */
export function signedToken(claims: Record<string, unknown>, secret = process.env.TOOLKIT_JWT_SECRET ?? ''): string {
  if (!secret) throw new Error('TOOLKIT_JWT_SECRET is not set (run through ./scripts/test auth)')
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`
}
