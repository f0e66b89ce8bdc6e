import { type PasswordPolicy, weakPasswordReasons } from '@/features/auth/credentials/password-policy'

// A rough strength estimate for the meter under a new password. Auth's rules decide what is
// accepted (password-policy.ts); this only nudges towards longer, more varied passwords, so it is
// deliberately simple: guessing space from length and character classes, minus obvious patterns.

export const STRENGTH_LABELS = ['Too weak', 'Weak', 'Fair', 'Good', 'Strong'] as const
export type StrengthScore = 0 | 1 | 2 | 3 | 4

const COMMON = ['password', 'qwerty', 'letmein', 'welcome', 'admin', 'iloveyou', 'monkey', 'dragon', 'abc123', '123456']

function poolSize(password: string): number {
  let pool = 0
  if (/[a-z]/.test(password)) pool += 26
  if (/[A-Z]/.test(password)) pool += 26
  if (/[0-9]/.test(password)) pool += 10
  if (/[^A-Za-z0-9]/u.test(password.replace(/[^\x20-\x7e]/g, ''))) pool += 33
  if (/\P{ASCII}/u.test(password)) pool += 100
  return pool
}

/** Characters that add little: repeats of the previous one and steps of a run like "abcd" or "4321". */
function effectiveLength(password: string): number {
  const chars = [...password]
  let length = chars.length ? 1 : 0
  for (let i = 1; i < chars.length; i += 1) {
    const step = chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)!
    length += step === 0 || Math.abs(step) === 1 ? 0.25 : 1
  }
  return length
}

export function passwordStrength(policy: PasswordPolicy, password: string): StrengthScore {
  if (!password) return 0
  const lower = password.toLowerCase()
  if (COMMON.some((word) => lower.includes(word)) && password.length < 16) return 0
  const bits = effectiveLength(password) * Math.log2(Math.max(poolSize(password), 2))
  const score: StrengthScore = bits < 28 ? 0 : bits < 40 ? 1 : bits < 60 ? 2 : bits < 80 ? 3 : 4
  // A password Auth would refuse is never shown as more than weak.
  return weakPasswordReasons(policy, password).length > 0 ? (Math.min(score, 1) as StrengthScore) : score
}
