#!/usr/bin/env node
// Size budget: JavaScript the browser must fetch before "/" can render (entry chunk, its static
// imports, and classic scripts in index.html), gzipped. Lazy route chunks are not counted.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 150
const dist = new URL('../dist/', import.meta.url).pathname
const manifestPath = join(dist, '.vite', 'manifest.json')

if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}. Run "npm run build" first.`)
  process.exit(2)
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const entry = manifest['index.html']
if (!entry) {
  console.error('The build manifest has no index.html entry.')
  process.exit(2)
}

const files = new Set()
const visit = (key) => {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return
  files.add(chunk.file)
  for (const dependency of chunk.imports ?? []) visit(dependency)
}
visit('index.html')

// Classic scripts injected into index.html (e.g. the service-worker registration).
const html = readFileSync(join(dist, 'index.html'), 'utf8')
for (const match of html.matchAll(/<script[^>]*\ssrc="\/?([^"]+\.js)"/g)) {
  if (match[1] && !match[1].startsWith('src/')) files.add(match[1])
}

let total = 0
const rows = []
for (const file of files) {
  const bytes = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
  total += bytes
  rows.push([file, bytes])
}
rows.sort((a, b) => b[1] - a[1])
for (const [file, bytes] of rows) console.log(`  ${(bytes / 1000).toFixed(1).padStart(7)} KB  ${file}`)

const totalKb = total / 1000
console.log(`Initial JS for /: ${totalKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`)
if (totalKb > BUDGET_KB) {
  console.error(`Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} KB.`)
  process.exit(1)
}
