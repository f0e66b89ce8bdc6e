import { appName, config } from '@/config'

export interface PageMetadata {
  title: string
  description: string
  keywords?: readonly string[]
  /** Path of the canonical page, e.g. "/qr-generator"; defaults to the current path. */
  path?: string
  image?: string
  noindex?: boolean
}

/** SPEC §2: '{title} | {product}'s Toolkit'. */
export function formatTitle(title: string, product: string = config.productName): string {
  return `${title} | ${product}'s Toolkit`
}

function siteOrigin(): string {
  return config.siteUrl ?? window.location.origin
}

export function canonicalUrl(path: string): string {
  const normalised = path.startsWith('/') ? path : `/${path}`
  return `${siteOrigin()}${normalised}`
}

// Tags are upserted (one element per name/property) so navigating never leaves duplicates behind.
function upsertMeta(attribute: 'name' | 'property', key: string, content: string | undefined): void {
  const selector = `meta[${attribute}="${key}"]`
  let element = document.head.querySelector<HTMLMetaElement>(selector)
  if (content === undefined) {
    element?.remove()
    return
  }
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(attribute, key)
    document.head.appendChild(element)
  }
  element.setAttribute('content', content)
}

function upsertCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!link) {
    link = document.createElement('link')
    link.rel = 'canonical'
    document.head.appendChild(link)
  }
  link.href = href
}

export function applyPageMetadata(meta: PageMetadata): void {
  const title = formatTitle(meta.title)
  const url = canonicalUrl(meta.path ?? window.location.pathname)
  const image = meta.image ? new URL(meta.image, siteOrigin()).toString() : canonicalUrl('/icons/icon-512.png')
  const keywords = meta.keywords?.length ? meta.keywords.join(', ') : undefined

  document.title = title
  upsertMeta('name', 'description', meta.description)
  upsertMeta('name', 'keywords', keywords)
  upsertMeta('name', 'robots', meta.noindex ? 'noindex, nofollow' : undefined)
  upsertCanonical(url)

  upsertMeta('property', 'og:type', 'website')
  upsertMeta('property', 'og:site_name', appName)
  upsertMeta('property', 'og:title', title)
  upsertMeta('property', 'og:description', meta.description)
  upsertMeta('property', 'og:url', url)
  upsertMeta('property', 'og:image', image)

  upsertMeta('name', 'twitter:card', 'summary')
  upsertMeta('name', 'twitter:title', title)
  upsertMeta('name', 'twitter:description', meta.description)
  upsertMeta('name', 'twitter:image', image)
}
