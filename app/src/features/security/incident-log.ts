import { readStorage, removeStorage, writeStorage } from '@/lib/storage'

// SPEC §3/§9: the local security incident log keeps the last 50 entries for 7 days. It lives in
// this browser only and informs the admin area; nothing here blocks anyone.
export const INCIDENT_CODES = ['DEVTOOLS_OPEN', 'IFRAME_DETECTED', 'AUTOMATION_DETECTED', 'SYSTEM_ERROR', 'UNKNOWN_ERROR'] as const
export type IncidentCode = (typeof INCIDENT_CODES)[number]

export interface Incident {
  code: IncidentCode
  /** ISO date-time. */
  at: string
  path: string
  detail?: string
}

export const INCIDENT_LOG_KEY = 'security-incidents'
export const INCIDENT_LOG_LIMIT = 50
export const INCIDENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000

const listeners = new Set<() => void>()

function isIncident(value: unknown): value is Incident {
  const entry = value as Partial<Incident> | null
  return (
    typeof entry === 'object' && entry !== null && (INCIDENT_CODES as readonly unknown[]).includes(entry.code) &&
    typeof entry.at === 'string' && !Number.isNaN(Date.parse(entry.at)) && typeof entry.path === 'string'
  )
}

/** Entries younger than 7 days, oldest first, at most the newest 50. */
export function pruneIncidents(entries: readonly Incident[], now: number): Incident[] {
  return entries
    .filter((entry) => now - Date.parse(entry.at) < INCIDENT_RETENTION_MS)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .slice(-INCIDENT_LOG_LIMIT)
}

export function readIncidents(now = Date.now()): Incident[] {
  const stored = readStorage<unknown>(INCIDENT_LOG_KEY, [])
  return pruneIncidents(Array.isArray(stored) ? stored.filter(isIncident) : [], now)
}

export function recordIncident(code: IncidentCode, detail?: string, now = Date.now()): Incident {
  const incident: Incident = { code, at: new Date(now).toISOString(), path: globalThis.location?.pathname ?? '', ...(detail ? { detail: detail.slice(0, 300) } : {}) }
  writeStorage(INCIDENT_LOG_KEY, pruneIncidents([...readIncidents(now), incident], now))
  for (const listener of listeners) listener()
  return incident
}

export function clearIncidents(): void {
  removeStorage(INCIDENT_LOG_KEY)
  for (const listener of listeners) listener()
}

/** Changes from this tab and, through the storage event, from the others. */
export function subscribeIncidents(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === INCIDENT_LOG_KEY || event.key === null) listener()
  }
  listeners.add(listener)
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}
