import { readStorage, writeStorage } from '@/lib/storage'

// Paths of the tools this browser opened last, newest first; shown on the home page.
export const RECENT_TOOLS_KEY = 'recent-tools'
export const RECENT_TOOLS_LIMIT = 4

function isPathList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

export function readRecentToolPaths(): string[] {
  return readStorage<string[]>(RECENT_TOOLS_KEY, [], isPathList).slice(0, RECENT_TOOLS_LIMIT)
}

export function rememberToolVisit(path: string): string[] {
  const next = [path, ...readRecentToolPaths().filter((item) => item !== path)].slice(0, RECENT_TOOLS_LIMIT)
  writeStorage(RECENT_TOOLS_KEY, next)
  return next
}
