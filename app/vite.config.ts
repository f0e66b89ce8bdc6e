import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { preactAliases } from './preact-compat'
import { pageDates } from './scripts/page-dates.mjs'
import { seoFiles } from './scripts/seo-files.mjs'

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_')
  const product = env.VITE_PRODUCT_NAME?.trim() || 'Nova'
  const appName = `${product}'s Toolkit`

  return {
    // The info pages' "Last updated" dates, from the repository at build time (scripts/page-dates.mjs).
    define: { __INFO_PAGE_DATES__: JSON.stringify(pageDates()) },
    plugins: [
      // React Fast Refresh cannot reach Preact's components (an edit would be "hot updated" and never
      // shown): without it, an edited module reloads the page in the dev server.
      react({ refreshExclude: /./ }),
      tailwindcss(),
      {
        // The product name is configurable, so the static title in index.html is filled at build time.
        name: 'toolkit-html-product-name',
        transformIndexHtml: (html: string) => html.replaceAll('%APP_NAME%', appName),
      },
      seoFiles(env.VITE_SITE_URL),
      VitePWA({
        registerType: 'autoUpdate',
        injectRegister: 'script-defer',
        includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
        manifest: {
          name: appName,
          short_name: 'Toolkit',
          description: 'Small, fast utilities for files, text, images and links.',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#0b1020',
          theme_color: '#4f46e5',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          navigateFallback: '/index.html',
          // Server-owned paths must reach the network: real short-link redirects, the BFF and Auth.
          navigateFallbackDenylist: [/^\/s\//, /^\/api\//, /^\/auth\//],
          cleanupOutdatedCaches: true,
        },
      }),
    ],
    resolve: {
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        ...preactAliases,
        // react-router's package exports name only its development build (dev warnings on); the build
        // ships its production build, the same code with them off.
        ...(mode === 'production' ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] : []),
      ],
    },
    build: {
      target: 'es2022',
      sourcemap: false,
      // scripts/size.mjs reads the manifest to find exactly what the entry loads up front.
      manifest: true,
    },
    preview: { port: 4173, strictPort: true },
    // src/lib/page-keys.ts reads the SPEC constants the BFF and the SQL share (../spec-constants).
    server: { fs: { allow: [fileURLToPath(new URL('.', import.meta.url)), fileURLToPath(new URL('../spec-constants', import.meta.url))] } },
  }
})
