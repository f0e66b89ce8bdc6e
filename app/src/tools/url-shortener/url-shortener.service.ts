import type { ApiSchemas } from '@/lib/api/client'

export interface ShortLinkFormValues {
  url: string
  alias: string
  /** `<input type="datetime-local">` value, in the user's time zone; empty for no expiry. */
  expiresAt: string
  maxClicks: string
  /** Asked on the redirect service's page before the link leads on; empty for none. Never stored here. */
  password: string
}

export const EMPTY_FORM: ShortLinkFormValues = { url: '', alias: '', expiresAt: '', maxClicks: '', password: '' }

export type ShortLinkField = keyof ShortLinkFormValues | 'form'

/** The request body; the BFF validates everything and its messages are shown as they come. */
export function toCreateBody(form: ShortLinkFormValues): ApiSchemas['ShortLinkCreate'] {
  const maxClicks = form.maxClicks.trim() === '' ? null : Number(form.maxClicks)
  const expires = form.expiresAt ? new Date(form.expiresAt) : null
  return {
    url: form.url.trim(),
    alias: form.alias.trim() || null,
    // The local time the user picked, sent with its zone (the BFF refuses times without one).
    expires_at: expires && !Number.isNaN(expires.getTime()) ? expires.toISOString() : null,
    max_clicks: maxClicks !== null && Number.isFinite(maxClicks) ? maxClicks : null,
    password: form.password === '' ? null : form.password,
  }
}

/** Which field a BFF validation message is about, so it can be shown beside that field. */
export function fieldForError(message: string): ShortLinkField {
  if (/password/i.test(message)) return 'password'
  if (/alias/i.test(message)) return 'alias'
  if (/expir/i.test(message)) return 'expiresAt'
  if (/click/i.test(message)) return 'maxClicks'
  if (/url|link|http|shorten/i.test(message)) return 'url'
  return 'form'
}

export const STATUS_LABELS: Record<ApiSchemas['ShortLink']['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  exhausted: 'Click limit reached',
}

/** "Mar 3, 2031, 14:05" in the user's locale and zone, or "Never". */
export function formatExpiry(value: string | null, locale?: string): string {
  if (!value) return 'Never'
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
}
