// The app's components are written against React's API and run on Preact through preact/compat:
// React 19's react-dom alone is ~62 KB of every first page (gzip), Preact with its compat layer ~12 KB
// (bench/README.md, "lighthouse"). The build and the Vitest suite resolve React to the same place,
// so the tests exercise what visitors run. Types still come from @types/react.
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
]

/**
 * Libraries that import React: Vitest must bundle them (not load them from node_modules) to alias it.
 * All of Testing Library with them, so user-event fires its events through the same copy of
 * @testing-library/dom that @testing-library/react configured to flush renders and effects (act).
 */
export const reactLibraries = [
  /@radix-ui\//, /@floating-ui\/react-dom/, /react-remove-scroll/, /react-style-singleton/, /use-sidecar/, /use-callback-ref/,
  /react-router/, /sonner/, /lucide-react/, /@testing-library\//,
]
