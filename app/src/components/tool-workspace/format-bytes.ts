const UNITS = ['B', 'KB', 'MB', 'GB'] as const

/** 1536 → "1.5 KB". Binary multiples, as file managers show them. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—'
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1
  return `${value.toFixed(digits)} ${UNITS[unit]}`
}

/** Before/after as "−42%" or "+3%" (empty when the input size is unknown). */
export function sizeChange(before: number, after: number): string {
  if (before <= 0) return ''
  const percent = Math.round(((after - before) / before) * 100)
  return percent <= 0 ? `−${Math.abs(percent)}%` : `+${percent}%`
}
