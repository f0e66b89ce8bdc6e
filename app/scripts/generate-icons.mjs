#!/usr/bin/env node
// Renders public/favicon.svg into the PNG icons the web manifest and iOS need.
// Run by hand after changing the logo (uses the system Chromium); the PNGs are committed.
import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8')
const executablePath = process.env.CHROMIUM_PATH || execSync('which chromium', { encoding: 'utf8' }).trim()
const targets = [
  { file: 'icon-192.png', size: 192, padding: 0 },
  { file: 'icon-512.png', size: 512, padding: 0 },
  // Maskable icons keep their artwork inside the central 80% safe zone.
  { file: 'icon-maskable-512.png', size: 512, padding: 0.12, background: '#4f46e5' },
  { file: 'apple-touch-icon.png', size: 180, padding: 0, background: '#4f46e5' },
]

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage()
for (const { file, size, padding, background } of targets) {
  const inner = Math.round(size * (1 - padding * 2))
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(
    `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background ?? 'transparent'}">` +
      `<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
  )
  await page.screenshot({ path: new URL(`../public/icons/${file}`, import.meta.url).pathname, omitBackground: !background })
  console.log(`wrote public/icons/${file}`)
}
await browser.close()
