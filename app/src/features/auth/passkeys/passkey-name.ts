// A passkey's name: Auth takes at most 120 bytes (Go's len()), and names an unnamed one "Passkey".

export const PASSKEY_NAME_MAX_BYTES = 120

/** The reason `name` cannot be used, or undefined when it can (blank is allowed when adding). */
export function passkeyNameError(name: string, { required }: { required: boolean }): string | undefined {
  const trimmed = name.trim()
  if (!trimmed) return required ? 'Enter a name.' : undefined
  if (new TextEncoder().encode(trimmed).length > PASSKEY_NAME_MAX_BYTES) return 'Use a shorter name (at most 120 letters, fewer with accents or emoji).'
  return undefined
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/** "Added 3 Mar 2026 · Last used 5 Mar 2026" (or "Never used"). */
export function passkeyUsage(createdAt: string, lastUsedAt?: string): string {
  const added = `Added ${dateFormat.format(new Date(createdAt))}`
  return `${added} · ${lastUsedAt ? `Last used ${dateFormat.format(new Date(lastUsedAt))}` : 'Never used'}`
}
