import { describe, expect, it } from 'vitest'
import { PAGE_KEYS } from '@/lib/page-keys'
import { rankTools } from '@/lib/tool-search'
import { findToolByPath, tools, toolsByCategory } from '@/tools'
import { TOOL_CATEGORIES } from '@/tools/define-tool'

// SPEC §2 tool routes; §3 disabled-pages keys; §4 signed-out redirect list.
const SPEC_TOOL_ROUTES = [
  '/converter',
  '/translator',
  '/username-checker',
  '/color-picker',
  '/qr-generator',
  '/password-generator',
  '/text-cleaner',
  '/url-shortener',
  '/image-to-text',
  '/image-metadata',
  '/pdf-editor',
  '/pastes',
]

const SPEC_PAGE_KEYS: Record<string, string> = {
  '/converter': 'file-converter',
  '/color-picker': 'image-color-picker',
  '/qr-generator': 'qr-code-generator',
  '/url-shortener': 'url-shortener',
  '/username-checker': 'username-checker',
  '/image-to-text': 'image-to-text',
  '/pdf-editor': 'pdf-editor',
}

const REQUIRES_AUTH = ['/converter', '/translator', '/color-picker']

const searchTools = (query: string) => rankTools(query, tools)

describe('tool registry', () => {
  it('registers every SPEC §2 tool route exactly once', () => {
    const paths = tools.map((tool) => tool.path)
    expect([...paths].sort()).toEqual([...SPEC_TOOL_ROUTES].sort())
    expect(new Set(paths).size).toBe(paths.length)
  })

  it.each(SPEC_TOOL_ROUTES)('%s has the SPEC page key (or none)', (path) => {
    const tool = findToolByPath(path)
    expect(tool).toBeDefined()
    expect(tool?.pageKey).toBe(SPEC_PAGE_KEYS[path])
  })

  it('uses only known page keys, each at most once', () => {
    const keys = tools.flatMap((tool) => (tool.pageKey ? [tool.pageKey] : []))
    keys.forEach((key) => expect(PAGE_KEYS).toContain(key))
    expect(new Set(keys).size).toBe(keys.length)
    // 'dashboard' is the only key that belongs to a page rather than a tool.
    expect(PAGE_KEYS.filter((key) => !keys.includes(key))).toEqual(['dashboard'])
  })

  it('marks exactly the SPEC §4 tools as requiring an account', () => {
    expect(tools.filter((tool) => tool.requiresAuth).map((tool) => tool.path).sort()).toEqual([...REQUIRES_AUTH].sort())
  })

  it('gives every tool a name, description, keywords, icon, category and lazy page', async () => {
    for (const tool of tools) {
      expect(tool.name.length).toBeGreaterThan(2)
      expect(tool.description.length).toBeGreaterThan(20)
      expect(tool.keywords.length).toBeGreaterThan(0)
      expect(tool.icon).toBeTruthy()
      expect(TOOL_CATEGORIES).toContain(tool.category)
      const module = await tool.component()
      expect(typeof module.default).toBe('function')
    }
  })

  it('groups tools by category without losing any', () => {
    const grouped = toolsByCategory().flatMap(([, entries]) => entries)
    expect(grouped).toHaveLength(tools.length)
  })

  it('searches names, descriptions and keywords case-insensitively', () => {
    expect(searchTools('QR').map((tool) => tool.path)).toEqual(['/qr-generator'])
    expect(searchTools('exif').map((tool) => tool.path)).toEqual(['/image-metadata'])
    expect(searchTools('pdf merge').map((tool) => tool.path)).toEqual(['/pdf-editor'])
    expect(searchTools('   ')).toHaveLength(tools.length)
    expect(searchTools('zzzz-nothing')).toEqual([])
  })

  it('forgives a typing slip, ranking exact matches first', () => {
    expect(searchTools('translte')[0]?.path).toBe('/translator')
    expect(searchTools('pasword generater').map((tool) => tool.path)).toEqual(['/password-generator'])
    expect(searchTools('shortner')[0]?.path).toBe('/url-shortener')
    // "image" names two tools exactly; a slip-match never outranks them.
    expect(searchTools('image').slice(0, 2).every((tool) => tool.name.toLowerCase().includes('image'))).toBe(true)
  })
})
