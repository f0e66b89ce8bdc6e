import type { Plugin } from 'vite'
/** Written where the build was given no site address; nginx fills it in per request. */
export const SITE_ORIGIN_PLACEHOLDER: string
export function sitemapPaths(): string[]
export function robotsTxt(origin: string): string
export function sitemapXml(origin: string): string
/** The Vite plugin writing robots.txt and sitemap.xml into the build. */
export function seoFiles(siteUrl: string | undefined): Plugin
