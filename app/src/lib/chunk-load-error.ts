/**
 * A page's code that did not arrive (offline, a dropped or aborted request, a deploy that replaced
 * it), as each browser words the failed dynamic import.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(message)
}

export const CHUNK_NOT_LOADED = 'This page could not be loaded. Check your connection, then try again.'
