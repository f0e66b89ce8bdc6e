import { useSyncExternalStore } from 'react'
import { readStorage, writeStorage } from '@/lib/storage'

// SPEC §5/§9: standard (default), high, maximum — a choice of this browser, kept locally.
export const SECURITY_LEVELS = ['standard', 'high', 'maximum'] as const
export type SecurityLevel = (typeof SECURITY_LEVELS)[number]
export const SECURITY_LEVEL_KEY = 'security-level'

const listeners = new Set<() => void>()

function isLevel(value: unknown): value is SecurityLevel {
  return (SECURITY_LEVELS as readonly unknown[]).includes(value)
}

export function getSecurityLevel(): SecurityLevel {
  return readStorage<SecurityLevel>(SECURITY_LEVEL_KEY, 'standard', isLevel)
}

export function setSecurityLevel(level: SecurityLevel): boolean {
  const saved = writeStorage(SECURITY_LEVEL_KEY, level)
  for (const listener of listeners) listener()
  return saved
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SECURITY_LEVEL_KEY || event.key === null) listener()
  }
  listeners.add(listener)
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useSecurityLevel(): SecurityLevel {
  return useSyncExternalStore(subscribe, getSecurityLevel, getSecurityLevel)
}
