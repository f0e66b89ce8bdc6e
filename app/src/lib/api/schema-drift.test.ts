/// <reference types="node" />
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

import { resolve } from 'node:path'

const appDir = resolve(__dirname, '../../..')

describe('the generated API types', () => {
  // Under ./scripts/test the running BFF answers (through the gateway); without a stack the
  // generator asks create_app() for the same document.
  it("schema.d.ts is exactly what the BFF's /api/openapi.json generates", () => {
    const base = process.env.E2E_BASE_URL
    const run = spawnSync(process.execPath, ['scripts/generate-api-types.mjs', '--check', ...(base ? [base] : [])], { cwd: appDir, encoding: 'utf8' })
    expect(run.status, `${run.stderr}${run.stdout}`).toBe(0)
  }, 120_000)
})
