/**
 * supabase-js clients as the app creates them (createClient(project URL, anon key)), one per simulated
 * device, plus the service-role client for `auth.admin.*`, and the helpers the tests share.
 */
import { randomUUID } from 'node:crypto'

import {
  createClient,
  isAuthApiError,
  isAuthSessionMissingError,
  type Session,
  type SupabaseClient,
} from '@supabase/supabase-js'
import { expect } from 'vitest'

import { WebSocket } from 'undici'

import { featuresProjectUrl, keys, projectUrl, siteUrl } from './env'
import { exchanges, featuresServer, mainServer, recordingFetch, type Target } from './http'

// Node 20 has no global WebSocket and supabase-js refuses to build its (unused here) realtime client
// without one.
const realtime = { transport: WebSocket as unknown as typeof globalThis.WebSocket }

export type Client = SupabaseClient
type Flow = 'pkce' | 'implicit'

const STORAGE_KEY = 'sb-conformance-auth-token'
const storages = new WeakMap<Client, Map<string, string>>()

/**
 * A browser-like client: its own client address and its own storage (the app's is localStorage), where
 * supabase-js keeps the session and the PKCE code verifier.
 */
export function userClient(flowType: Flow = 'pkce', address?: string, target: Target = mainServer): Client {
  const items = new Map<string, string>()
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
  const client = createClient(target === mainServer ? projectUrl : featuresProjectUrl, keys().anon, {
    auth: { flowType, storage, storageKey: STORAGE_KEY, persistSession: true, autoRefreshToken: false,
      detectSessionInUrl: false, experimental: { passkey: true } },
    global: { fetch: recordingFetch(address, target) },
    realtime,
  })
  storages.set(client, items)
  return client
}

/** The PKCE code verifier the client stored when it started a flow (a stored value is a JSON string). */
export function codeVerifier(client: Client): string | null {
  const stored = storages.get(client)!.get(`${STORAGE_KEY}-code-verifier`)
  return stored === undefined ? null : (JSON.parse(stored) as string)
}

export function setCodeVerifier(client: Client, verifier: string): void {
  storages.get(client)!.set(`${STORAGE_KEY}-code-verifier`, JSON.stringify(verifier))
}

/** The server-side admin client (service-role key). */
export function adminClient(target: Target = mainServer): Client {
  return serverClient(keys().serviceRole, target)
}

/** A browser-like client of the second server (the official switches on: env.ts). */
export function featuresClient(flowType: Flow = 'pkce', address?: string): Client {
  return userClient(flowType, address, featuresServer)
}

/** A server-side client on the anon key: what someone calling the admin API without the secret gets. */
export function anonClient(): Client {
  return serverClient(keys().anon)
}

function serverClient(key: string, target: Target = mainServer): Client {
  const client = createClient(target === mainServer ? projectUrl : featuresProjectUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, experimental: { passkey: true } },
    global: { fetch: recordingFetch(undefined, target) },
    realtime,
  })
  return client
}

export function newEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 12)}@conformance.example.com`
}

export const PASSWORD = 'correct-horse-42'
export const redirectTo = (path = '/welcome') => `${siteUrl}${path}`

/** A confirmed user made through the admin API (no mail), signed in on a fresh client. */
export async function signedInUser(
  flowType: Flow = 'pkce',
  target: Target = mainServer,
): Promise<{ client: Client; email: string; session: Session; userId: string }> {
  const email = newEmail()
  const created = await adminClient(target).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })
  expect(created.error).toBeNull()
  const client = userClient(flowType, undefined, target)
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD })
  expect(error).toBeNull()
  return { client, email, session: data.session!, userId: data.user!.id }
}

/** Asserts an AuthApiError with the official code and status. */
export function expectApiError(error: unknown, code: string, status: number): void {
  expect(error, `expected ${code}`).not.toBeNull()
  expect(isAuthApiError(error), `not an AuthApiError: ${String(error)}`).toBe(true)
  const apiError = error as { code?: string; status?: number; message: string }
  expect({ code: apiError.code, status: apiError.status }).toEqual({ code, status })
}

/** The claims of a JWT (no verification: jwks.test.ts verifies signatures). */
export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>
}

/**
 * supabase-js turns a `session_not_found` answer into an AuthSessionMissingError without the code, so the
 * answer itself is read from the recorded exchange.
 */
export function expectSessionNotFound(error: unknown): void {
  expect(isAuthSessionMissingError(error), `not an AuthSessionMissingError: ${String(error)}`).toBe(true)
  const last = exchanges[exchanges.length - 1]
  const answer = JSON.parse(last.text) as { code?: string }
  expect({ status: last.status, code: answer.code }).toEqual({ status: 403, code: 'session_not_found' })
}
