/**
 * The local Realtime through the gateway, driven by supabase-js as the app drives it: postgres_changes
 * on user_roles reach exactly the subscribers row-level security lets see the row, filters narrow them,
 * unusable tokens are refused, an expiring token closes the channel.
 */
import { createClient } from '@supabase/supabase-js'
import { WebSocket } from 'undici'
import { describe, expect, it } from 'vitest'

import { adminClient, signedInUser } from '../auth/support/clients'
import { keys, projectUrl } from '../auth/support/env'
import { type Binding, type Change, joinOutcome, query, setAdmin, signedToken, sql, subscribe, updatePageAs } from './support'
import { stringMatching } from '../auth/support/matchers'

const realtime = { transport: WebSocket as unknown as typeof globalThis.WebSocket }
const USER_ROLES: Binding = { event: '*', schema: 'public', table: 'user_roles' }
const grantOf = (userId: string) => (c: Change) => c.eventType === 'INSERT' && c.new.user_id === userId

/** A signed-in user made admin the way an operator makes the first admin. */
async function adminUser() {
  const admin = await signedInUser()
  await sql('insert into public.user_roles (user_id) values ($1)', [admin.userId])
  return admin
}

/** A client whose realtime token is set by hand (supabase-js's setAuth). */
async function clientWithToken(token: string) {
  const client = createClient(projectUrl, keys().anon, { auth: { persistSession: false }, realtime })
  await client.realtime.setAuth(token)
  return client
}

describe('subscribing', () => {
  it('a join is acknowledged and followed by the official "Subscribed to PostgreSQL" system message', async () => {
    const { client } = await signedInUser()
    const sub = await subscribe(client, [USER_ROLES])
    expect(sub.statuses).toEqual(['SUBSCRIBED'])
    expect(sub.system[0]).toEqual({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL',
      channel: sub.channel.subTopic })
  })

  it('a table outside the supabase_realtime publication is refused with the official system error', async () => {
    const { client } = await signedInUser()
    const sub = await subscribe(client, [{ event: '*', schema: 'public', table: 'pastes' }])
    expect(sub.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error',
      message: stringMatching(/^Unable to subscribe to changes with given parameters/) })
  })

  it('the vsn 1.0.0 serializer works as the default 2.0.0 does', async () => {
    const user = await signedInUser()
    const client = createClient(projectUrl, keys().serviceRole, { auth: { persistSession: false },
      realtime: { ...realtime, vsn: '1.0.0' } })
    const sub = await subscribe(client, [{ ...USER_ROLES, event: 'INSERT' }])
    await sql('insert into public.user_roles (user_id) values ($1)', [user.userId])
    expect((await sub.change(grantOf(user.userId))).new).toMatchObject({ user_id: user.userId, role: 'admin' })
  })
})

describe('row-level security decides who receives a change', () => {
  it('a grant reaches the granted user and an admin, never a bystander', async () => {
    const admin = await adminUser()
    const user = await signedInUser()
    const bystander = await signedInUser()
    const [adminSub, userSub, bystanderSub] = await Promise.all(
      [admin, user, bystander].map((u) => subscribe(u.client, [USER_ROLES])))

    await setAdmin(admin.session.access_token, user.userId, true)
    const received = await userSub.change(grantOf(user.userId), 'the user\'s own grant')
    expect(received).toMatchObject({ schema: 'public', table: 'user_roles', eventType: 'INSERT', errors: null,
      new: { user_id: user.userId, role: 'admin', granted_by: admin.userId }, old: {} })
    expect(received.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    await adminSub.change(grantOf(user.userId), 'the grant, for the admin')

    // The bystander may see its own row: once its own later grant is in, the earlier one never came.
    await setAdmin(admin.session.access_token, bystander.userId, true)
    await bystanderSub.change(grantOf(bystander.userId), 'the bystander\'s own grant')
    expect(bystanderSub.changes.filter(grantOf(user.userId))).toEqual([])
  })

  it('a revocation reaches the user as a DELETE carrying only the primary key, a row id', async () => {
    const admin = await adminUser()
    const user = await signedInUser()
    await setAdmin(admin.session.access_token, user.userId, true)
    const rowId = (await query('select id from public.user_roles where user_id = $1', [user.userId]))[0].id
    const userSub = await subscribe(user.client, [{ ...USER_ROLES, event: 'DELETE' }])

    await setAdmin(admin.session.access_token, user.userId, false)
    const revoked = await userSub.change((c) => c.eventType === 'DELETE' && c.old.id === Number(rowId))
    expect(revoked.old).toEqual({ id: Number(rowId) })
    expect(revoked.new).toEqual({})
  })

  it('a DELETE on user_roles seen by a normal user does not name the user whose row it was', async () => {
    const admin = await adminUser()
    const user = await signedInUser()
    const bystander = await signedInUser()
    await setAdmin(admin.session.access_token, user.userId, true)
    const rowId = Number((await query('select id from public.user_roles where user_id = $1', [user.userId]))[0].id)
    const bystanderSub = await subscribe(bystander.client, [USER_ROLES])

    // Realtime cannot check a deleted row against the policies, so every subscriber gets the DELETE:
    // with the row id as the key, it learns that some row went, not whose.
    await setAdmin(admin.session.access_token, user.userId, false)
    const seen = await bystanderSub.change((c) => c.eventType === 'DELETE'
      && (c.old.id === rowId || c.old.user_id === user.userId))
    expect(Object.keys(seen.old)).toEqual(['id'])
    expect(JSON.stringify(seen)).not.toContain(user.userId)
    expect(bystanderSub.changes.filter(grantOf(user.userId))).toEqual([])
  })

  it('page_settings changes never carry the column anon and users may not select (updated_by)', async () => {
    const admin = await adminUser()
    const user = await signedInUser()
    const binding: Binding = { event: 'UPDATE', schema: 'public', table: 'page_settings', filter: 'page_key=eq.pdf-editor' }
    const anon = createClient(projectUrl, keys().anon, { auth: { persistSession: false }, realtime })
    const service = createClient(projectUrl, keys().serviceRole, { auth: { persistSession: false }, realtime })
    const [anonSub, userSub, serviceSub] = await Promise.all([anon, user.client, service].map((c) => subscribe(c, [binding])))
    const reason = `conformance ${crypto.randomUUID()}`
    await updatePageAs(admin.userId, reason)
    try {
      for (const sub of [anonSub, userSub]) {
        const change = await sub.change((c) => c.new.disable_reason === reason)
        expect(change.new).toMatchObject({ page_key: 'pdf-editor', is_disabled: false })
        expect(Object.keys(change.new)).not.toContain('updated_by')
        expect(JSON.stringify(change)).not.toContain(admin.userId)
      }
      // By privilege, not a fixed list: the service role may select the column, and gets it.
      expect((await serviceSub.change((c) => c.new.disable_reason === reason)).new.updated_by).toBe(admin.userId)
    } finally {
      await updatePageAs(null, '')
    }
  })

  it('a filter on a column the subscriber may not select is refused at join with the official error', async () => {
    const admin = await adminUser()
    const user = await signedInUser()
    const filter = `updated_by=eq.${admin.userId}`
    const sub = await subscribe(user.client, [{ event: '*', schema: 'public', table: 'page_settings', filter }])
    expect(sub.system[0]).toEqual({ extension: 'postgres_changes', status: 'error', channel: sub.channel.subTopic,
      message: 'Unable to subscribe to changes with given parameters. An exception happened so please check your '
        + `connect parameters: [event: *, schema: public, table: page_settings, filters: [{"updated_by", "eq", "${admin.userId}"}]]. `
        + 'Exception: ERROR P0001 (raise_exception) invalid column for filter updated_by' })
    // Nothing leaks through it: a change to the row whose updated_by it names never arrives, while a
    // subscription on the same socket filtered on a column the user may read gets it.
    const probe = await subscribe(user.client, [{ event: 'UPDATE', schema: 'public', table: 'page_settings',
      filter: 'page_key=eq.pdf-editor' }])
    const reason = `oracle ${crypto.randomUUID()}`
    await updatePageAs(admin.userId, reason)
    try {
      await probe.change((c) => c.new.disable_reason === reason)
      expect(sub.changes).toEqual([])
    } finally {
      await updatePageAs(null, '')
    }
  })
})

describe('filters', () => {
  it('eq, neq, in, lt, lte, gt and gte deliver exactly the matching rows', async () => {
    const admin = adminClient()
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      const { data } = await admin.auth.admin.createUser({ email: `rt-filter-${crypto.randomUUID()}@example.com` })
      ids.push(data.user!.id)
    }
    const [a, b, c, d, last] = ids
    const at = { [a]: '2030-05-31T00:00:00Z', [b]: '2030-06-01T00:00:00Z', [c]: '2030-06-02T00:00:00Z',
      [d]: '2030-06-03T00:00:00Z' }
    const T = '2030-06-01T00:00:00Z'
    const expected: Record<string, string[]> = {
      [`user_id=eq.${a}`]: [a], [`user_id=neq.${a}`]: [b, c, d], [`user_id=in.(${a},${c})`]: [a, c],
      [`created_at=lt.${T}`]: [a], [`created_at=lte.${T}`]: [a, b], [`created_at=gt.${T}`]: [c, d],
      [`created_at=gte.${T}`]: [b, c, d],
    }
    // One client, one socket, changes in commit order: once the unfiltered channel has a later row, every
    // channel has had its rows of the earlier ones.
    const client = createClient(projectUrl, keys().serviceRole, { auth: { persistSession: false }, realtime })
    const filtered = Object.fromEntries(await Promise.all(Object.keys(expected).map(async (filter) =>
      [filter, await subscribe(client, [{ event: 'INSERT', schema: 'public', table: 'user_roles', filter }])] as const)))
    const all = await subscribe(client, [{ event: 'INSERT', schema: 'public', table: 'user_roles' }])

    for (const id of [a, b, c, d]) await sql('insert into public.user_roles (user_id, created_at) values ($1, $2)', [id, at[id]])
    await sql('insert into public.user_roles (user_id) values ($1)', [last])
    await all.change(grantOf(last), 'the last row')
    for (const [filter, sub] of Object.entries(filtered)) {
      const mine = sub.changes.map((x) => x.new.user_id as string).filter((id) => [a, b, c, d].includes(id))
      expect(mine, filter).toEqual(expected[filter])
    }
  })
})

describe('tokens', () => {
  it('an expired token is refused at join with the official reason', async () => {
    const user = await signedInUser()
    const expired = signedToken({ sub: user.userId, role: 'authenticated', aud: 'authenticated',
      exp: Math.floor(Date.now() / 1000) - 60 })
    const outcome = await joinOutcome(await clientWithToken(expired), USER_ROLES)
    expect(outcome.status).toBe('CHANNEL_ERROR')
    expect(outcome.error?.message).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/)
  })

  it('a token not signed by the project is refused at join', async () => {
    const forged = signedToken({ sub: crypto.randomUUID(), role: 'service_role', exp: Math.floor(Date.now() / 1000) + 600 },
      'not-the-project-secret-but-long-enough-to-sign')
    const outcome = await joinOutcome(await clientWithToken(forged), USER_ROLES)
    expect(outcome).toMatchObject({ status: 'CHANNEL_ERROR' })
    expect(outcome.error?.message).toBe('JwtSignatureError: Failed to validate JWT signature')
  })

  it('a channel whose token expires is closed with the official system message', async () => {
    const user = await signedInUser()
    const shortLived = signedToken({ sub: user.userId, role: 'authenticated', aud: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 3 })
    const sub = await subscribe(await clientWithToken(shortLived), [USER_ROLES])
    const closing = await sub.waitFor(() => sub.system.find((m) => m.status === 'error'), 'the expiry message', 10_000)
    expect(closing).toMatchObject({ extension: 'system', status: 'error',
      message: stringMatching(/^Token has expired \d+ seconds ago$/) })
    await sub.status('CLOSED')
  })

  it('the socket needs the anon or service-role key, as Kong requires it', async () => {
    const url = `${projectUrl}/realtime/v1/websocket?vsn=2.0.0`
    const missing = await fetch(url)
    const body: unknown = await missing.json()
    expect({ status: missing.status, body }).toEqual({ status: 401,
      body: { message: 'No API key found in request' } })
    const wrong = await fetch(`${url}&apikey=${signedToken({ role: 'anon', exp: 1983812996 }, 'x'.repeat(40))}`)
    expect(wrong.status).toBe(401)
  })
})
