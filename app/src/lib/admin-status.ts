// Whether the signed-in user is an administrator (SPEC §6), as the BFF's GET /api/me reports it
// from the SQL function is_admin. The auth feature keeps it current (on every auth change and when
// the window regains focus); any feature reads it here, so none has to import the auth feature.
// It only decides what to show: the server and row-level security enforce what admins may do.
export type AdminStatus = 'checking' | 'admin' | 'not-admin'

let status: AdminStatus = 'checking'
let recheck: () => void = () => {}
const listeners = new Set<() => void>()

export function getAdminStatus(): AdminStatus {
  return status
}

export function setAdminStatus(next: AdminStatus): void {
  if (next === status) return
  status = next
  for (const listener of listeners) listener()
}

export function subscribeAdminStatus(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The auth feature registers how to ask the server again. */
export function setAdminRecheck(next: () => void): void {
  recheck = next
}

/** Asks the server again, e.g. after an admin changed roles on this page. */
export function recheckAdminStatus(): void {
  recheck()
}
