// Every route of the route table (SPEC §2 plus /changelog and /settings/security), for checks that
// visit them all; /s/{code} moves on at once and has its own spec.
export const PUBLIC_PATHS = [
  '/', '/all-tools', '/login', '/help', '/faq', '/privacy-policy', '/terms-of-service', '/changelog', '/glass-showcase',
  '/username-checker', '/qr-generator', '/password-generator', '/text-cleaner', '/url-shortener', '/image-to-text',
  '/image-metadata', '/pdf-editor', '/pastes', '/paste/new', '/paste/e2e-demo', '/paste/e2e-demo/edit', '/no/such/page',
] as const

/** Pages that need an account: signed out, they are the sign-in page. */
export const SIGNED_IN_PATHS = ['/dashboard', '/account', '/settings/security', '/converter', '/translator', '/color-picker'] as const
