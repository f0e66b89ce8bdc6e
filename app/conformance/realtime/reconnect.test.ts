/**
 * supabase-js reconnects to a restarted Realtime service and its channel is subscribed again: the test
 * runs its own instance of the service (the stack's own is not the test's to stop), on the stack's
 * database, and points a client straight at it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

import { createClient } from '@supabase/supabase-js'
import { WebSocket } from 'undici'
import { afterAll, expect, it } from 'vitest'

import { adminClient } from '../auth/support/clients'
import { databaseUrl, keys } from '../auth/support/env'
import { sql, subscribe } from './support'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const running: ChildProcess[] = []

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Starts the service on `port` (configured like the stack's) and waits for its health check. */
async function startService(port: number): Promise<ChildProcess> {
  const db = new URL(databaseUrl)
  const child = spawn(`${root}.venv/bin/python`, ['-m', 'local_realtime'], {
    cwd: `${root}supabase/local/realtime`,
    env: { ...process.env, PORT: String(port), DB_HOST: db.hostname, DB_PORT: db.port, DB_USER: decodeURIComponent(db.username),
      DB_PASSWORD: decodeURIComponent(db.password), DB_NAME: db.pathname.slice(1), API_JWT_SECRET: process.env.TOOLKIT_JWT_SECRET },
    stdio: 'ignore',
  })
  running.push(child)
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)
    if (ok) return child
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('the Realtime service did not become healthy')
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

afterAll(async () => {
  for (const child of running) await stop(child)
})

it('after the service restarts, supabase-js rejoins and changes are delivered again', async () => {
  const port = await freePort()
  const first = await startService(port)
  const client = createClient(`http://127.0.0.1:${port}`, keys().serviceRole, { auth: { persistSession: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } })
  const sub = await subscribe(client, [{ event: 'INSERT', schema: 'public', table: 'user_roles' }])

  await stop(first)
  await startService(port)
  const subscribedAgain = () => sub.system.filter((m) => m.message === 'Subscribed to PostgreSQL').length === 2 || undefined
  await sub.waitFor(subscribedAgain, 'the second "Subscribed to PostgreSQL"', 30_000)

  const { data } = await adminClient().auth.admin.createUser({ email: `rt-reconnect-${crypto.randomUUID()}@example.com` })
  await sql('insert into public.user_roles (user_id) values ($1)', [data.user!.id])
  const change = await sub.change((c) => c.new.user_id === data.user!.id, 'the change after the restart')
  expect(change).toMatchObject({ eventType: 'INSERT', table: 'user_roles' })
  expect(sub.statuses.filter((s) => s === 'SUBSCRIBED')).toHaveLength(2)
  await client.removeAllChannels()
})
