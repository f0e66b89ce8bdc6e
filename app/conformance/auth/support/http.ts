/**
 * The fetch every client of the suite uses: it sends each request from its own client address and records
 * every response for the contract check (contract.ts).
 *
 * Why a client address: Auth's per-client rate limits key on X-Forwarded-For, which the gateway sets to the
 * peer address. Each simulated device therefore connects from its own loopback address (127.x.y.z; Linux
 * routes all of 127/8 to lo), so tests keep separate buckets exactly as separate visitors would. Without a
 * gateway (direct mode) the suite sets the header the gateway would have set.
 */
import { randomInt } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import { Agent, fetch as undiciFetch } from 'undici'

import { authRoot, clientAuthRoot, direct, featuresProjectUrl, featuresUrl } from './env'
import { check } from './contract'

/** A server as supabase-js addresses it (clientRoot) and as it is reached (wireRoot). */
export interface Target {
  clientRoot: string
  wireRoot: string
  /** no gateway in front: the fetch sends the client address header the gateway would set */
  direct: boolean
}

export const mainServer: Target = { clientRoot: clientAuthRoot, wireRoot: authRoot, direct }
export const featuresServer: Target = { clientRoot: `${featuresProjectUrl}/auth/v1`, wireRoot: featuresUrl, direct: true }

export interface Exchange {
  method: string
  path: string
  status: number
  contentType: string
  headers: Record<string, string>
  text: string
}

/** Every response this test file has seen, in order. */
export const exchanges: Exchange[] = []

const agents = new Map<string, Agent>()

export function newClientAddress(): string {
  return `127.${randomInt(2, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`
}

function agentFor(address: string): Agent {
  let agent = agents.get(address)
  if (!agent) {
    agent = new Agent({ localAddress: address })
    agents.set(address, agent)
  }
  return agent
}

function onWire(url: string, target: Target): string {
  return url.startsWith(target.clientRoot) ? target.wireRoot + url.slice(target.clientRoot.length) : url
}

/** The path below the Auth root, or null for a URL outside Auth. */
export function authPath(url: string, target: Target = mainServer): string | null {
  if (!url.startsWith(target.wireRoot)) return null
  return new URL(url).pathname.slice(new URL(target.wireRoot).pathname.replace(/\/$/, '').length) || '/'
}

/** A fetch for one client address (one simulated device or visitor) talking to one server. */
export function recordingFetch(address: string = newClientAddress(), target: Target = mainServer): typeof fetch {
  const dispatcher = agentFor(address)
  const wrapped = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = onWire(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, target)
    const headers: Record<string, string> = {}
    new Headers(init.headers).forEach((value, name) => (headers[name] = value))
    if (target.direct) headers['x-forwarded-for'] = address
    const method = (init.method ?? 'GET').toUpperCase()
    const response = await undiciFetch(url, {
      method,
      headers,
      body: init.body as string | undefined,
      redirect: init.redirect,
      signal: init.signal ?? undefined,
      dispatcher,
    })
    const path = authPath(url, target)
    if (path !== null) {
      const exchange = {
        method,
        path,
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        headers: Object.fromEntries(response.headers),
        text: await response.clone().text(),
      }
      exchanges.push(exchange)
      check(exchange)
      // For comparing two servers' answers side by side (README.md).
      if (process.env.AUTH_EXCHANGE_DUMP) appendFileSync(process.env.AUTH_EXCHANGE_DUMP, `${JSON.stringify(exchange)}\n`)
    }
    return response as unknown as Response
  }
  return wrapped
}

/** The last response this file saw for a method and path (after the Auth root). */
export function lastExchange(method: string, path: string): Exchange {
  const found = exchanges.findLast((e) => e.method === method && e.path === path)
  if (!found) throw new Error(`no ${method} ${path} recorded`)
  return found
}
