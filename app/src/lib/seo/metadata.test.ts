import { describe, expect, it } from 'vitest'
import { applyPageMetadata, formatTitle } from '@/lib/seo/metadata'

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content')

describe('page metadata', () => {
  it("formats titles as '{title} | {product}'s Toolkit'", () => {
    expect(formatTitle('Home', 'Acme')).toBe("Home | Acme's Toolkit")
    expect(formatTitle('Help')).toBe("Help | Nova's Toolkit")
  })

  it('writes title, description, keywords, canonical and social tags', () => {
    applyPageMetadata({ title: 'QR', description: 'Make codes', keywords: ['qr', 'code'], path: '/qr-generator' })
    expect(document.title).toBe("QR | Nova's Toolkit")
    expect(meta('meta[name="description"]')).toBe('Make codes')
    expect(meta('meta[name="keywords"]')).toBe('qr, code')
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/qr-generator`)
    expect(meta('meta[property="og:title"]')).toBe("QR | Nova's Toolkit")
    expect(meta('meta[property="og:description"]')).toBe('Make codes')
    expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}/qr-generator`)
    expect(meta('meta[name="twitter:card"]')).toBe('summary')
    expect(meta('meta[name="twitter:title"]')).toBe("QR | Nova's Toolkit")
    expect(meta('meta[name="robots"]')).toBeUndefined()
  })

  it('adds noindex only when asked, and never duplicates tags', () => {
    applyPageMetadata({ title: 'Secret', description: 'x', noindex: true })
    applyPageMetadata({ title: 'Secret', description: 'y', noindex: true })
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1)
    expect(meta('meta[name="robots"]')).toBe('noindex, nofollow')
    applyPageMetadata({ title: 'Public', description: 'z' })
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull()
  })
})
