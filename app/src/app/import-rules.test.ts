/// <reference types="node" />
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The layout's import rules (app/README.md "Layout"), checked on the source itself so a new file
// cannot quietly break them: a room with an index.ts is entered only through it, no modules import
// each other in a circle, and no module is left without an importer (dead code).
const SRC = resolve(__dirname, '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

const FILES = sourceFiles(SRC)
const IMPORT = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]/gm
const SIDE_EFFECT_IMPORT = /^\s*import\s+['"]([^'"]+)['"]/gm
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g
/** Started by index.html or the Vitest configuration, not imported. */
const ENTRY_POINTS = ['main.tsx', 'testing/setup-tests.ts']

/** The modules a file imports, as written, and whether each import is only of types. */
function importsOf(file: string): { specifier: string; typeOnly: boolean; namespace: boolean }[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(IMPORT)].map((match) => ({ specifier: match[4]!, typeOnly: Boolean(match[2]), namespace: match[3]!.startsWith('* as ') }))
    .concat([...text.matchAll(SIDE_EFFECT_IMPORT)].map((match) => ({ specifier: match[1]!, typeOnly: false, namespace: false })))
}

/** Tests and their helpers put spies on a module's exports (`import * as`): on the module the code under test reads, inside a room too. */
const spiesOn = (file: string, namespace: boolean) => namespace && (/\.test\.tsx?$/.test(file) || file.startsWith(join(SRC, 'testing/')))

function resolveModule(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/') ? join(SRC, specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : undefined
  if (!base) return undefined
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path) && statSync(path).isFile())
}

/** Rooms: the folders under features/ that have an index.ts. */
const ROOMS = FILES.filter((file) => file.endsWith('/index.ts') && relative(SRC, file).startsWith('features/')).map(dirname)
const roomOf = (file: string) => ROOMS.find((room) => file.startsWith(`${room}/`))

describe('import rules', () => {
  it('finds the auth rooms and the dashboard', () => {
    const names = ROOMS.map((room) => relative(SRC, room)).sort()
    expect(names).toEqual(expect.arrayContaining(['features/auth/account', 'features/auth/client', 'features/auth/credentials', 'features/auth/mfa',
      'features/auth/recovery', 'features/auth/session', 'features/auth/sign-in', 'features/dashboard']))
  })

  it('a room is entered only through its index.ts, and has no other index (no barrels inside a room)', () => {
    const problems: string[] = []
    for (const room of ROOMS) {
      const nested = FILES.filter((file) => file.startsWith(`${room}/`) && file.endsWith('/index.ts') && dirname(file) !== room)
      problems.push(...nested.map((file) => `${relative(SRC, file)}: a barrel inside ${relative(SRC, room)}`))
    }
    for (const file of FILES) {
      for (const { specifier, namespace } of importsOf(file)) {
        const target = resolveModule(file, specifier)
        const room = target && roomOf(target)
        if (room && roomOf(file) !== room && target !== join(room, 'index.ts') && !spiesOn(file, namespace)) {
          problems.push(`${relative(SRC, file)} imports ${specifier}: use @/${relative(SRC, room)}`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('every module has an importer (entry points and tests aside): no dead files', () => {
    const imported = new Set(FILES.flatMap((file) => {
      const dynamic = [...readFileSync(file, 'utf8').matchAll(DYNAMIC_IMPORT)].map((match) => match[1]!)
      const specifiers = importsOf(file).map((entry) => entry.specifier).concat(dynamic)
      return specifiers.flatMap((specifier) => resolveModule(file, specifier) ?? [])
    }))
    const unused = FILES.map((file) => relative(SRC, file))
      .filter((file) => !/\.(test|e2e\.spec)\.tsx?$/.test(file) && !ENTRY_POINTS.includes(file) && !imported.has(join(SRC, file)))
    expect(unused).toEqual([])
  })

  it('no modules import each other in a circle (type-only imports aside)', () => {
    const graph = new Map(FILES.map((file) => [file, importsOf(file).filter((entry) => !entry.typeOnly)
      .flatMap(({ specifier }) => resolveModule(file, specifier) ?? [])]))
    const circles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].map((entry) => relative(SRC, entry)).join(' → '))
        return
      }
      state.set(file, 'open')
      for (const next of graph.get(file) ?? []) visit(next, [...path, file])
      state.set(file, 'done')
    }
    for (const file of FILES) visit(file, [])
    expect(circles).toEqual([])
  })
})
