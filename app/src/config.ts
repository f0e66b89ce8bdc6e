// Build-time configuration, read once from Vite's environment.
const env = import.meta.env

function clean(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

/** Neutral default so titles read "Home | Nova's Toolkit"; set VITE_PRODUCT_NAME to rebrand. */
export const DEFAULT_PRODUCT_NAME = 'Nova'

export const config = {
  productName: clean(env.VITE_PRODUCT_NAME) ?? DEFAULT_PRODUCT_NAME,
  siteUrl: clean(env.VITE_SITE_URL)?.replace(/\/+$/, ''),
  supportEmail: clean(env.VITE_SUPPORT_EMAIL) ?? 'support@example.com',
} as const

export const appName = `${config.productName}'s Toolkit`
