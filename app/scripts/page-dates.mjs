// When each information page last changed, for its "Last updated" line: the date of the newest
// commit that touched its file. A build without git history (the Docker image copies no .git)
// falls back to the file's modification time, which the copy keeps, and never to a made-up date.
import { execFileSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'

export const INFO_PAGES = ['privacy-policy', 'terms-of-service', 'faq']

function gitDate(file) {
  try {
    const date = execFileSync('git', ['log', '-1', '--format=%cI', '--', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    // A file with uncommitted changes is newer than its last commit: the edit is what will ship.
    const dirty = execFileSync('git', ['status', '--porcelain', '--', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    return date && !dirty ? date.slice(0, 10) : undefined
  } catch {
    return undefined
  }
}

/** { 'privacy-policy': '2026-11-22', … } as calendar dates (YYYY-MM-DD). */
export function pageDates() {
  return Object.fromEntries(
    INFO_PAGES.map((page) => {
      const file = fileURLToPath(new URL(`../src/app/routes/${page}.tsx`, import.meta.url))
      return [page, gitDate(file) ?? statSync(file).mtime.toISOString().slice(0, 10)]
    }),
  )
}
