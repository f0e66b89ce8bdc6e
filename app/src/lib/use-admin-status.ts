import { useSyncExternalStore } from 'react'
import { getAdminStatus, subscribeAdminStatus, type AdminStatus } from '@/lib/admin-status'

/** 'checking' until the server has answered for this visitor, then 'admin' or 'not-admin'. */
export function useAdminStatus(): AdminStatus {
  return useSyncExternalStore(subscribeAdminStatus, getAdminStatus, getAdminStatus)
}
