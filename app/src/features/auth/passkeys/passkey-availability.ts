import { config } from '@/config'

// Whether passkeys can be offered: the browser speaks WebAuthn and Auth serves passkeys (its
// /settings says passkeys_enabled; servers before v2.188.0 do not, and their answer lacks it).

export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && !!navigator.credentials
}

let asked: Promise<boolean> | undefined

export function passkeysEnabled(): Promise<boolean> {
  asked ??= fetch(`${window.location.origin}/auth/v1/settings`, { headers: { apikey: config.supabaseAnonKey } })
    .then(async (response) => response.ok && ((await response.json()) as { passkeys_enabled?: unknown }).passkeys_enabled === true)
    .catch(() => {
      asked = undefined // offline now; ask again next time
      return false
    })
  return asked
}

type ConditionalCapable = typeof PublicKeyCredential & {
  isConditionalMediationAvailable?: () => Promise<boolean>
  parseRequestOptionsFromJSON?: (options: unknown) => PublicKeyCredentialRequestOptions
}

/** The passkey autofill of the email field (WebAuthn conditional mediation), where the browser has it. */
export async function autofillAvailable(): Promise<boolean> {
  if (!browserSupportsPasskeys()) return false
  const PKC = window.PublicKeyCredential as ConditionalCapable
  if (typeof PKC.parseRequestOptionsFromJSON !== 'function' || typeof PKC.isConditionalMediationAvailable !== 'function') return false
  return PKC.isConditionalMediationAvailable().catch(() => false)
}

/** The request options from Auth's JSON (base64url strings) as the browser takes them. */
export function requestOptions(json: unknown): PublicKeyCredentialRequestOptions {
  return (window.PublicKeyCredential as ConditionalCapable).parseRequestOptionsFromJSON(json)
}
