// The tool registry as build scripts read it (scripts/size.mjs, scripts/seo-files.mjs): each
// src/tools/<slug>/index.ts names its path, whether it needs an account and its page's module.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const toolsDir = new URL('../src/tools/', import.meta.url).pathname

/** [{ slug, path, requiresAuth, module }] in the order of their folders; throws on an entry it cannot read. */
export function toolEntries() {
  return readdirSync(toolsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((slug) => {
      const text = readFileSync(join(toolsDir, slug, 'index.ts'), 'utf8')
      const path = text.match(/\bpath:\s*'(\/[a-z0-9-]+)'/)?.[1]
      const module = text.match(/import\('(@\/[^']+)'\)/)?.[1]
      const requiresAuth = text.match(/\brequiresAuth:\s*(true|false)/)?.[1]
      if (!path || !module || !requiresAuth) throw new Error(`src/tools/${slug}/index.ts: cannot read its path, page import or requiresAuth`)
      return { slug, path, module, requiresAuth: requiresAuth === 'true' }
    })
}
