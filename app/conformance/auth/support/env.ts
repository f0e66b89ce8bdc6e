/**
 * Where the suite finds the Auth server, its mail and its database.
 *
 * Default (./scripts/test auth): through the stack's gateway, exactly like the app — supabase-js gets the
 * gateway as the project URL and talks to `${E2E_BASE_URL}/auth/v1`.
 * Direct mode (AUTH_CONFORMANCE_URL set, e.g. an official server for comparison): the same calls go to
 * that URL without the /auth/v1 prefix; see README.md.
 */
import { createHmac } from 'node:crypto'

function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(`${name} is not set (see conformance/auth/README.md)`)
  return value
}

/** An HS256 API key like the stack's (role anon or service_role), for a server given only its secret. */
function apiKey(secret: string, role: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'supabase-demo', role, exp: 1983812996 })}`
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`
}

const env = process.env
const directUrl = env.AUTH_CONFORMANCE_URL?.replace(/\/$/, '')
const secret = env.AUTH_CONFORMANCE_JWT_SECRET

/** The project URL handed to createClient; in direct mode a placeholder the fetch wrapper rewrites. */
export const projectUrl = directUrl ? 'http://auth-conformance.invalid' : required('E2E_BASE_URL', env.E2E_BASE_URL)
/** The root of the Auth API as supabase-js addresses it (createClient appends /auth/v1). */
export const clientAuthRoot = `${projectUrl}/auth/v1`
/** The root of the Auth API on the wire. */
export const authRoot = directUrl ?? clientAuthRoot
/** Direct mode has no gateway: the suite sends the client address header the gateway would set. */
export const direct = Boolean(directUrl)

export const anonKey = env.AUTH_CONFORMANCE_ANON_KEY ?? env.TOOLKIT_ANON_KEY ?? (secret && apiKey(secret, 'anon'))
export const serviceRoleKey =
  env.AUTH_CONFORMANCE_SERVICE_ROLE_KEY ?? env.TOOLKIT_SERVICE_ROLE_KEY ?? (secret && apiKey(secret, 'service_role'))

/**
 * The second server: the same configuration with the official switches the product leaves off turned
 * on (anonymous sign-ins, the OAuth 2.1 server, WebAuthn factors, HS256 valid beside ES256 through
 * GOTRUE_JWT_VALIDMETHODS; scripts/stack/auth.py). Always addressed directly.
 */
export const featuresUrl = required(
  'TOOLKIT_AUTH_FEATURES_URL',
  env.AUTH_CONFORMANCE_FEATURES_URL ?? env.TOOLKIT_AUTH_FEATURES_URL,
).replace(/\/$/, '')
/** The project URL its clients get; the fetch wrapper sends `<it>/auth/v1/...` to featuresUrl. */
export const featuresProjectUrl = 'http://auth-features.invalid'

export const mailDir = required('TOOLKIT_MAIL_DIR', env.AUTH_CONFORMANCE_MAIL_DIR ?? env.TOOLKIT_MAIL_DIR)
/** A redirect target the server's allow-list accepts (the site URL). */
export const siteUrl = required('E2E_BASE_URL', env.AUTH_CONFORMANCE_SITE_URL ?? env.E2E_BASE_URL).replace(/\/$/, '')
/** A role that may update the auth schema: used only to age sessions and refresh tokens. */
export const databaseUrl = required(
  'TOOLKIT_DATABASE_ADMIN_URL',
  env.AUTH_CONFORMANCE_DATABASE_URL ?? env.TOOLKIT_DATABASE_ADMIN_URL,
)

export function keys(): { anon: string; serviceRole: string } {
  return { anon: required('TOOLKIT_ANON_KEY', anonKey), serviceRole: required('TOOLKIT_SERVICE_ROLE_KEY', serviceRoleKey) }
}
