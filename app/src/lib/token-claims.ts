// Reading an access token's claims in the browser. Its payload is not secret and is used only for
// display and for deciding which step to show: Auth and the BFF verify the signature on every call.

/** The token's payload, or null when it is not a readable JWT. */
export function tokenClaims(accessToken: string): Record<string, unknown> | null {
  const payload = accessToken.split('.')[1]
  if (!payload) return null
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='))
    const claims: unknown = JSON.parse(json)
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** The sign-in methods in the token's amr claim (Auth's [{method, timestamp}]), newest first. */
export function tokenMethods(accessToken: string): string[] {
  const amr = tokenClaims(accessToken)?.amr
  if (!Array.isArray(amr)) return []
  return amr.flatMap((entry: unknown) => {
    const method = entry && typeof entry === 'object' ? (entry as { method?: unknown }).method : undefined
    return typeof method === 'string' ? [method] : []
  })
}

/** The access token's aal claim. */
export function tokenAssuranceLevel(accessToken: string): string | undefined {
  const aal = tokenClaims(accessToken)?.aal
  return typeof aal === 'string' ? aal : undefined
}
