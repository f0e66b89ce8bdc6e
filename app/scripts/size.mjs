#!/usr/bin/env node
// Size budget, in bytes (gzip level 9), never timings: the JavaScript a visitor's first page needs
// before it can show itself, for every route bench/lighthouse.py measures (home, /all-tools, each
// tool, /login, /help): the entry chunk and its static imports, classic scripts in index.html, and
// the route's own lazy chunk with its static imports. Also fails when supabase-js is among them: it
// loads after the first paint, or when a page asks for Auth; and when sonner or a Radix part behind a
// stand-in is.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { toolEntries } from './tool-registry.mjs'

// Per route, a little above what each needs today, so any growth is a decision; never above the
// issue's goal for a visitor's first page, 100 KB. The entry alone (the shell, the registry, home,
// Preact with preact/compat, react-router 7) is ~82 KB. A tool's heading paints with the entry; its
// page's chunks follow and count here too. What waits for the visitor does not: sonner (after the
// first paint, or the first notice), Radix's select (when a visitor reaches for one), Radix's switch
// (after the first paint; a stand-in of the same look toggles until then), and what a file tool shows
// only once it has a file (its editor, results and previews, fetched once the page has painted).
const GOAL_KB = 100
const BUDGETS_KB = {
  '/': 84, '/all-tools': 86, '/login': 100, '/help': 89, // /login: passkey sign-in and its autofill start with the page
  '/color-picker': 94, '/converter': 98, '/image-metadata': 99, '/image-to-text': 99, '/password-generator': 94,
  '/pastes': 92, '/pdf-editor': 96, '/qr-generator': 100, '/text-cleaner': 97, '/translator': 92,
  '/url-shortener': 99, '/username-checker': 93,
}
const app = new URL('../', import.meta.url).pathname
const dist = join(app, 'dist')
const manifestPath = join(dist, '.vite', 'manifest.json')

function fail(message, code = 1) {
  console.error(message)
  process.exit(code)
}

const overGoal = Object.entries(BUDGETS_KB).filter(([, budget]) => budget > GOAL_KB)
if (overGoal.length) fail(`Budgets above the ${GOAL_KB} KB goal for a first page: ${overGoal.map(([path, budget]) => `${path} ${budget} KB`).join(', ')}.`)
if (!existsSync(manifestPath)) fail(`No build manifest at ${manifestPath}. Run "npm run build" first.`, 2)
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
if (!manifest['index.html']) fail('The build manifest has no index.html entry.', 2)

/** A chunk's file and every file it imports statically (what the browser fetches before running it). */
function closure(key, files = new Set()) {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return files
  files.add(chunk.file)
  for (const dependency of chunk.imports ?? []) closure(dependency, files)
  return files
}

/** The manifest key of a source module named as the app imports it ('@/tools/x/x-page'). */
function manifestKey(alias) {
  const stem = `src/${alias.replace(/^@\//, '')}.`
  const key = Object.keys(manifest).find((name) => name.startsWith(stem) && manifest[name].isDynamicEntry)
  if (!key) fail(`No lazy chunk for ${alias} in the build manifest: the route table and this script disagree.`)
  return key
}

const read = (path) => readFileSync(join(app, path), 'utf8')
const importOf = (text) => text.match(/import\('(@\/[^']+)'\)/)?.[1]

// The routes and the module each loads, read from the sources that define them.
function routes() {
  const found = [['/', undefined]] // home is in the entry chunk
  const table = read('src/app/route-table.tsx')
  const lazyPage = (path) => {
    const line = table.split('\n').find((text) => text.includes(`path: '${path}'`) && text.includes('page('))
    if (!line) fail(`The route table has no lazy page for /${path}.`)
    const direct = importOf(line)
    if (direct) return direct
    // A named loader, e.g. page(loadLoginPage) with loadLoginPage = () => import('@/features/auth/sign-in/login-page')
    const name = line.match(/page\((\w+)\)/)?.[1]
    const module = name && read('src/features/auth/sign-in/index.ts').match(new RegExp(`${name}\\s*=\\s*\\(\\)\\s*=>\\s*import\\('(@/[^']+)'\\)`))?.[1]
    return module ?? fail(`Cannot tell which module /${path} loads.`)
  }
  found.push(['/all-tools', lazyPage('all-tools')])
  for (const tool of toolEntries()) found.push([tool.path, tool.module])
  found.push(['/login', lazyPage('login')], ['/help', lazyPage('help')])
  return found
}

const entryFiles = closure('index.html')
// Classic scripts injected into index.html (the service-worker registration).
const html = readFileSync(join(dist, 'index.html'), 'utf8')
for (const match of html.matchAll(/<script[^>]*\ssrc="\/?([^"]+\.js)"/g)) {
  if (match[1] && !match[1].startsWith('src/')) entryFiles.add(match[1])
}
// supabase-js: its chunk (lib/supabase.ts bundles the library) and any file carrying its client name.
const supabaseFiles = [...closure(manifestKey('@/lib/supabase'))].filter((file) => !entryFiles.has(file))
const carriesSupabase = (file) => supabaseFiles.includes(file) || readFileSync(join(dist, file), 'utf8').includes('supabase-js')
// Radix parts that wait for the visitor behind a stand-in of the same look (components/ui/<part>.tsx):
// never in a first page's script.
const LATER_PARTS = { select: 'when a visitor reaches for a select', switch: 'after the first paint' }
const laterChunks = Object.entries(LATER_PARTS).map(([part, when]) => {
  const chunk = manifest[`src/components/ui/${part}-radix.tsx`]
  if (!chunk?.isDynamicEntry) fail(`Radix's ${part} is not a chunk of its own: a page imports ${part}-radix; import '@/components/ui/${part}'.`)
  return { part, when, file: chunk.file }
})
// sonner: after the first paint, or at the first notice (lib/notify.ts).
const sonnerKey = Object.keys(manifest).find((key) => /node_modules\/sonner\//.test(key))
const sonner = sonnerKey ? manifest[sonnerKey].file : fail('sonner is not a chunk of its own: something imports it statically; show notices with @/lib/notify.')
laterChunks.push({ part: 'sonner', when: 'after the first paint', file: sonner })

const gzipped = new Map()
const size = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length)
  return gzipped.get(file)
}

let failed = false
const kb = (bytes) => (bytes / 1000).toFixed(1)
console.log(`Entry (every route):`)
for (const file of [...entryFiles].sort((a, b) => size(b) - size(a))) console.log(`  ${kb(size(file)).padStart(7)} KB  ${file}`)
for (const [path, module] of routes()) {
  const budget = BUDGETS_KB[path]
  if (budget === undefined) fail(`No budget for ${path}: add it to BUDGETS_KB in scripts/size.mjs.`)
  const files = module ? closure(manifestKey(module), new Set(entryFiles)) : new Set(entryFiles)
  const total = [...files].reduce((sum, file) => sum + size(file), 0) / 1000
  const own = [...files].filter((file) => !entryFiles.has(file))
  const over = total > budget
  const supabase = [...files].filter(carriesSupabase)
  failed ||= over || supabase.length > 0
  console.log(`Initial JS for ${path}: ${total.toFixed(1)} KB gzipped (budget ${budget} KB)${over ? ` — over by ${(total - budget).toFixed(1)} KB` : ''}` +
    (own.length ? `; the page's own ${own.length} chunk(s) ${kb(own.reduce((sum, file) => sum + size(file), 0))} KB` : ''))
  if (supabase.length) console.error(`  supabase-js is loaded before ${path} can show itself: ${supabase.join(', ')}`)
  for (const { part, when, file } of laterChunks.filter(({ file }) => files.has(file))) {
    failed = true
    console.error(`  ${part === 'sonner' ? 'sonner' : `Radix's ${part}`} (${file}) is loaded before ${path} can show itself, not ${when}` +
      (part === 'sonner' ? ': show notices with @/lib/notify.' : `: import '@/components/ui/${part}', not ${part}-radix.`))
  }
}
if (failed) process.exit(1)
