/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Shown in titles as "{title} | {product}'s Toolkit". */
  readonly VITE_PRODUCT_NAME?: string
  /** Absolute origin used for canonical and social-card URLs; defaults to the current origin. */
  readonly VITE_SITE_URL?: string
  /** Address the help page's contact form writes to. */
  readonly VITE_SUPPORT_EMAIL?: string
  /** The public anon key sent to Auth as `apikey`; defaults to the local stack's key. */
  readonly VITE_SUPABASE_ANON_KEY?: string
  /** Auth's GOTRUE_PASSWORD_MIN_LENGTH, for the rules shown on new passwords (Auth's default: 6). */
  readonly VITE_AUTH_PASSWORD_MIN_LENGTH?: string
  /** Auth's GOTRUE_PASSWORD_REQUIRED_CHARACTERS (sets separated by ':'). */
  readonly VITE_AUTH_PASSWORD_REQUIRED_CHARACTERS?: string
}

/** When each information page last changed (YYYY-MM-DD), written at build time by scripts/page-dates.mjs. */
declare const __INFO_PAGE_DATES__: Record<'privacy-policy' | 'terms-of-service' | 'faq', string>
