// Build-time configuration, read once from Vite's environment.
const env = import.meta.env

function clean(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

/** Neutral default so titles read "Home | Nova's Toolkit"; set VITE_PRODUCT_NAME to rebrand. */
export const DEFAULT_PRODUCT_NAME = 'Nova'

/**
 * The Supabase CLI's well-known local anon key (role anon, issuer supabase-demo), which the local
 * stack's gateway accepts. It is public by design (SPEC §7); set VITE_SUPABASE_ANON_KEY elsewhere.
 */
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

export const config = {
  productName: clean(env.VITE_PRODUCT_NAME) ?? DEFAULT_PRODUCT_NAME,
  siteUrl: clean(env.VITE_SITE_URL)?.replace(/\/+$/, ''),
  supportEmail: clean(env.VITE_SUPPORT_EMAIL) ?? 'support@example.com',
  supabaseAnonKey: clean(env.VITE_SUPABASE_ANON_KEY) ?? LOCAL_SUPABASE_ANON_KEY,
} as const

export const appName = `${config.productName}'s Toolkit`
