import type { ApiSchemas } from '@/lib/api/client'

type Stats = ApiSchemas['LinkStats']

export const STATS_PERIODS = [7, 30, 90] as const

export const BROWSER_LABELS: Record<Stats['browsers'][number]['browser'], string> = {
  chrome: 'Chrome', edge: 'Edge', firefox: 'Firefox', safari: 'Safari', opera: 'Opera', samsung: 'Samsung Internet', other: 'Other',
}

export const DEVICE_LABELS: Record<Stats['devices'][number]['device'], string> = {
  desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', other: 'Other',
}

/** The period's total and its busiest day (the latest of equals), or none when nobody clicked. */
export function summarizeClicks(daily: Stats['daily']): { total: number; busiest: { day: string; clicks: number } | null } {
  let busiest: { day: string; clicks: number } | null = null
  let total = 0
  for (const row of daily) {
    total += row.clicks
    if (row.clicks > 0 && (!busiest || row.clicks >= busiest.clicks)) busiest = row
  }
  return { total, busiest }
}

/** The `stats` query parameter of /url-shortener: a link's id, or nothing usable. */
export function statsLinkId(value: string | null): string | null {
  return value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : null
}
