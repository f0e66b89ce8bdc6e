// The password rules Auth enforces, as its GOTRUE_PASSWORD_MIN_LENGTH and
// GOTRUE_PASSWORD_REQUIRED_CHARACTERS say. Auth's /settings does not publish them, so the stack
// hands the same two values to the app's build (VITE_AUTH_PASSWORD_*; scripts/stack/services.py).
// The checks mirror Auth's own (supabase/local/auth/local_auth/passwords.py, upstream's
// checkPasswordStrength): lengths in UTF-8 bytes, one character from each required set.

export type WeakPasswordReason = 'length' | 'characters'

export interface PasswordPolicy {
  minLength: number
  requiredCharacters: readonly string[]
}

/** Auth refuses longer passwords (bcrypt reads only 72 bytes). */
export const PASSWORD_MAX_BYTES = 72
/** Auth's default and floor for GOTRUE_PASSWORD_MIN_LENGTH. */
const AUTH_MIN_LENGTH_FLOOR = 6

/** GOTRUE_PASSWORD_REQUIRED_CHARACTERS: sets separated by ':', where '\:' is a literal colon. */
export function parseRequiredCharacters(value: string | undefined): string[] {
  if (!value) return []
  const sets: string[] = []
  let current = ''
  for (let i = 0; i < value.length; i += 1) {
    if (value[i] === '\\' && value[i + 1] === ':') {
      current += ':'
      i += 1
    } else if (value[i] === ':') {
      sets.push(current)
      current = ''
    } else current += value[i]
  }
  sets.push(current)
  return sets.filter(Boolean)
}

export function parsePasswordPolicy(minLength: string | undefined, requiredCharacters: string | undefined): PasswordPolicy {
  const parsed = Number.parseInt(minLength ?? '', 10)
  return {
    minLength: Math.max(Number.isFinite(parsed) ? parsed : AUTH_MIN_LENGTH_FLOOR, AUTH_MIN_LENGTH_FLOOR),
    requiredCharacters: parseRequiredCharacters(requiredCharacters),
  }
}

/** The policy this build was made for. */
export const PASSWORD_POLICY: PasswordPolicy = parsePasswordPolicy(
  import.meta.env.VITE_AUTH_PASSWORD_MIN_LENGTH,
  import.meta.env.VITE_AUTH_PASSWORD_REQUIRED_CHARACTERS,
)

export const byteLength = (text: string) => new TextEncoder().encode(text).length

/** Required sets the password has no character of. */
export function missingCharacterSets(policy: PasswordPolicy, password: string): string[] {
  return policy.requiredCharacters.filter((set) => ![...password].some((char) => set.includes(char)))
}

/** The reasons Auth would give in weak_password.reasons for this password (empty: accepted). */
export function weakPasswordReasons(policy: PasswordPolicy, password: string): WeakPasswordReason[] {
  const reasons: WeakPasswordReason[] = []
  if (byteLength(password) < policy.minLength) reasons.push('length')
  if (missingCharacterSets(policy, password).length > 0) reasons.push('characters')
  return reasons
}

const NAMED_SETS: Record<string, string> = {
  abcdefghijklmnopqrstuvwxyz: 'a lower-case letter',
  ABCDEFGHIJKLMNOPQRSTUVWXYZ: 'an upper-case letter',
  '0123456789': 'a digit',
}

/** How a required set reads in a rule, e.g. "a digit" or "one of !@#$". */
export function describeCharacterSet(set: string): string {
  return NAMED_SETS[set] ?? (/^[^A-Za-z0-9\s]+$/.test(set) ? `a symbol (${set})` : `one of ${set}`)
}

export interface PasswordRule {
  id: string
  label: string
  met: boolean
}

/** The rules to show beside the field, each ticked off as the password meets it. */
export function passwordRules(policy: PasswordPolicy, password: string): PasswordRule[] {
  const missing = new Set(missingCharacterSets(policy, password))
  return [
    { id: 'length', label: `At least ${policy.minLength} characters`, met: byteLength(password) >= policy.minLength },
    ...policy.requiredCharacters.map((set) => ({ id: `set-${set}`, label: `Contains ${describeCharacterSet(set)}`, met: !missing.has(set) })),
  ]
}

/** The first broken rule in the words the form shows under the field, or undefined when Auth will take it. */
export function passwordError(policy: PasswordPolicy, password: string): string | undefined {
  if (byteLength(password) < policy.minLength) return `Use at least ${policy.minLength} characters`
  if (byteLength(password) > PASSWORD_MAX_BYTES) return `Use at most ${PASSWORD_MAX_BYTES} characters`
  const missing = missingCharacterSets(policy, password)
  if (missing.length > 0) return `Include ${missing.map(describeCharacterSet).join(', ')}`
  return undefined
}
