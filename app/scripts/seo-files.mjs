// robots.txt and sitemap.xml, written into the build. Both need absolute URLs: the site's address
// when the build is given one (VITE_SITE_URL, as the production image is), otherwise a placeholder
// the nginx serving the build fills in with the address it was asked for (app/nginx.conf and the
// local gateway, scripts/stack/gateway.py: sub_filter).
import { INFO_PAGES } from './page-dates.mjs'
import { toolEntries } from './tool-registry.mjs'

export const SITE_ORIGIN_PLACEHOLDER = '__TOOLKIT_SITE_ORIGIN__'

// Pages a visitor can open without an account (SPEC §2), and /login, where the tools that need one send them.
export function sitemapPaths() {
  const tools = toolEntries().filter((tool) => !tool.requiresAuth).map((tool) => tool.path)
  return ['/', '/all-tools', ...tools, '/login', '/help', ...INFO_PAGES.map((page) => `/${page}`), '/changelog']
}

// Server-owned paths and pages that are only someone's own.
const DISALLOWED = ['/api/', '/auth/', '/realtime/', '/s/', '/dashboard', '/account', '/admin', '/settings/', '/paste/new']

export function robotsTxt(origin) {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
}

export function sitemapXml(origin) {
  const urls = sitemapPaths().map((path) => `  <url><loc>${origin}${path === '/' ? '/' : path}</loc></url>`)
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n')
}

/** The Vite plugin: both files in the build's root, beside index.html. */
export function seoFiles(siteUrl) {
  const origin = siteUrl?.trim().replace(/\/+$/, '') || SITE_ORIGIN_PLACEHOLDER
  return {
    name: 'toolkit-seo-files',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(origin) })
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(origin) })
    },
  }
}
