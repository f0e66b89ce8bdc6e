import { useSyncExternalStore } from 'react'
import { getAccessToken, subscribeAccessToken } from '@/lib/api/access-token'
import { api, unwrap } from '@/lib/api/client'
import { focusSource, pollSource, watchForChanges, type ChangeSource } from '@/lib/change-sources'

// Whether the signed-in user is an administrator, decided by is_admin() in SQL and read through
// GET /api/me (SPEC §6). Re-checked when the session changes, on focus and every 30 s; a Realtime
// source on user_roles can join `sources` later. The server enforces admin rights on every call:
// this only decides what the app shows.
export type AdminStatus = 'signed-out' | 'checking' | 'admin' | 'not-admin'

let status: AdminStatus = 'signed-out'
let checkedToken: string | null = null
let generation = 0
const listeners = new Set<() => void>()
let stopWatching: (() => void) | undefined
let sources: ChangeSource[] = [pollSource(), focusSource()]

function publish(next: AdminStatus): void {
  if (next === status) return
  status = next
  for (const listener of listeners) listener()
}

/** Asks the server again; a failed check keeps the last answer rather than flapping. */
export async function recheckAdminStatus(): Promise<void> {
  const token = getAccessToken()
  const mine = ++generation
  checkedToken = token
  if (!token) return publish('signed-out')
  if (status === 'signed-out') publish('checking')
  try {
    const me = unwrap(await api().GET('/api/me', { headers: { Authorization: `Bearer ${token}` } }))
    if (mine === generation) publish(me.is_admin ? 'admin' : 'not-admin')
  } catch (error) {
    if (mine !== generation) return
    console.warn('[admin] Could not check admin status.', error)
    if (status === 'checking') publish('not-admin')
  }
}

function onTokenChange(): void {
  // A refreshed token of the same user still warrants a look: roles may have changed meanwhile.
  if (getAccessToken() !== checkedToken) void recheckAdminStatus()
}

function start(): void {
  const unsubscribeToken = subscribeAccessToken(onTokenChange)
  const stopSources = watchForChanges(sources, () => void recheckAdminStatus())
  stopWatching = () => {
    unsubscribeToken()
    stopSources()
  }
  void recheckAdminStatus()
}

export function getAdminStatus(): AdminStatus {
  // Signed in but not yet asked (before the first subscriber starts the store): still checking.
  return status === 'signed-out' && getAccessToken() ? 'checking' : status
}

export function subscribeAdminStatus(listener: () => void): () => void {
  listeners.add(listener)
  if (!stopWatching) start()
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      stopWatching?.()
      stopWatching = undefined
    }
  }
}

export function useAdminStatus(): AdminStatus {
  return useSyncExternalStore(subscribeAdminStatus, getAdminStatus, getAdminStatus)
}

/** Tests only: a fresh store, optionally with other change sources. */
export function resetAdminStatusForTests(nextSources?: ChangeSource[]): void {
  stopWatching?.()
  stopWatching = undefined
  listeners.clear()
  status = 'signed-out'
  checkedToken = null
  generation = 0
  if (nextSources) sources = nextSources
}
