/**
 * The contract check: every response the suite sees is validated against the official OpenAPI document
 * of Supabase Auth v2.186.0 (../shared/contracts beside the repository), operation by operation.
 *
 * OpenAPI 3.0 schemas are JSON Schema plus `nullable` (Ajv supports it) and local `$ref`s, which are
 * pointed at the document's components registered under one id.
 *
 * Two things the document does not describe are reported, not failed (the official server does them too):
 * statuses an operation does not list, and bodies for responses documented without one. Error bodies in
 * the 2024-01-01 shape supabase-js asks for (`{code: "<error_code>", message}`) are checked against the
 * document's ErrorSchema, which describes the legacy shape, by mapping them back to it.
 */
import { appendFileSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { expect, it } from 'vitest'
import { parse } from 'yaml'

import { errata } from './errata'

type Json = Record<string, unknown>
interface Checked { method: string; path: string; status: number; contentType: string; text: string }

const documentPath =
  process.env.AUTH_CONTRACT_DOCUMENT ??
  fileURLToPath(new URL('../../../../../shared/contracts/supabase-auth-v2.186.0.openapi.yaml', import.meta.url))
const document = parse(readFileSync(documentPath, 'utf8')) as Json
for (const erratum of errata) erratum.apply(document)
const components = document.components as Json
const paths = document.paths as Record<string, Record<string, Json>>

function pointRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(pointRefs)
  if (!node || typeof node !== 'object') return node
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' ? [key, `openapi${value}`] : [key, pointRefs(value)],
    ),
  )
}

const ajv = new Ajv({ strict: false, allErrors: true })
const addFormats = addFormatsModule as unknown as (a: Ajv) => void
addFormats(ajv)
ajv.addFormat('phone', true) // the document's own format name; any string (often "") is a phone here
ajv.addSchema({ $id: 'openapi', components: pointRefs(components) })

// Literal templates first, so /user/identities/authorize wins over /user/identities/{identityId}.
const templates = Object.keys(paths)
  .map((template) => ({
    template,
    params: (template.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))
  .sort((a, b) => a.params - b.params)

const validators = new Map<string, ValidateFunction>()
function validatorFor(key: string, schema: unknown): ValidateFunction {
  let validate = validators.get(key)
  if (!validate) {
    validate = ajv.compile(pointRefs(schema) as Json)
    validators.set(key, validate)
  }
  return validate
}

function resolve(node: Json): Json {
  const ref = node.$ref as string | undefined
  if (!ref) return node
  const [, , section, name] = ref.split('/')
  return (components[section] as Json)[name] as Json
}

/** Schema violations seen in this test file: these fail the file's contract test. */
export const violations: string[] = []
/** (operation, status) pairs the document does not describe: reported. */
export const gaps = new Set<string>()
let checkedCount = 0

function legacyShape(body: Json, status: number): Json {
  if (typeof body.code !== 'string') return body
  const { code, message, ...rest } = body
  return { ...rest, code: status, error_code: code, msg: message }
}

export function check(exchange: Checked): void {
  checkedCount += 1
  const { method, path, status } = exchange
  const found = templates.find(({ pattern }) => pattern.test(path))
  const operation = found && paths[found.template][method.toLowerCase()]
  const name = `${method} ${found?.template ?? path}`
  const isJson = exchange.contentType.includes('application/json') && exchange.text.trim() !== ''
  let body: unknown = null
  if (isJson) {
    try {
      body = JSON.parse(exchange.text)
    } catch {
      violations.push(`${name} ${status}: body is not JSON: ${exchange.text.slice(0, 200)}`)
      return
    }
  }
  if (status >= 400 && body && typeof body === 'object') body = legacyShape(body as Json, status)
  const responses = (operation?.responses ?? {}) as Json
  const documented = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default
  if (!documented) {
    gaps.add(operation ? `${name} ${status}: status not listed` : `${name}: operation not in the document`)
    // Still hold error bodies to the document's one error shape.
    if (status >= 400 && isJson) validate('error', (components.schemas as Json).ErrorSchema, body)
    return
  }
  const schema = ((resolve(documented as Json).content as Json | undefined)?.['application/json'] as Json | undefined)?.schema
  if (!schema) {
    if (isJson && exchange.text.trim() !== '{}') gaps.add(`${name} ${status}: body not described`)
    return
  }
  if (!isJson) {
    violations.push(`${name} ${status}: a JSON body is documented, got ${exchange.contentType || 'no content type'}`)
    return
  }
  validate(`${name} ${status}`, schema, body)
}

function validate(key: string, schema: unknown, body: unknown): void {
  const validator = validatorFor(key, schema)
  if (!validator(body)) {
    const details = (validator.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')
    violations.push(`${key}: ${details} — body ${JSON.stringify(body).slice(0, 300)}`)
  }
}

/** The last test of every file: all the responses the file saw match the document. */
export function contractTest(): void {
  it('every response body matches the OpenAPI document', () => {
    const report = process.env.AUTH_CONTRACT_REPORT
    if (report) for (const gap of gaps) appendFileSync(report, `${gap}\n`)
    expect(checkedCount).toBeGreaterThan(0)
    expect(violations).toEqual([])
  })
}
