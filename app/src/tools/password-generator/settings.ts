import { readStorage, writeStorage } from '@/lib/storage'
import { CHARACTER_SETS, PASSPHRASE_WORDS, PASSWORD_LENGTH, type PassphraseOptions, type PasswordOptions } from '@/tools/password-generator/password-generator.service'

// The user's last options (never a generated secret) are kept on the device.
export const SETTINGS_KEY = 'password-generator-settings'

export interface Settings {
  mode: 'password' | 'passphrase'
  count: number
  password: PasswordOptions
  passphrase: PassphraseOptions
}

export const DEFAULT_SETTINGS: Settings = {
  mode: 'password',
  count: 1,
  password: { length: PASSWORD_LENGTH.default, sets: ['lower', 'upper', 'digits', 'symbols'], excludeLookAlikes: false },
  passphrase: { words: PASSPHRASE_WORDS.default, separator: '-', capitalisation: 'first', includeDigit: true },
}

function isSettings(value: unknown): value is Settings {
  const v = value as Settings | null
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.mode === 'password' || v.mode === 'passphrase') &&
    Number.isInteger(v.count) &&
    Number.isInteger(v.password?.length) &&
    Array.isArray(v.password.sets) &&
    v.password.sets.length > 0 &&
    v.password.sets.every((set) => set in CHARACTER_SETS) &&
    typeof v.password.excludeLookAlikes === 'boolean' &&
    Number.isInteger(v.passphrase?.words) &&
    typeof v.passphrase.separator === 'string' &&
    ['lower', 'first', 'upper'].includes(v.passphrase.capitalisation) &&
    typeof v.passphrase.includeDigit === 'boolean'
  )
}

export const loadSettings = (): Settings => readStorage(SETTINGS_KEY, DEFAULT_SETTINGS, isSettings)
export const saveSettings = (settings: Settings): boolean => writeStorage(SETTINGS_KEY, settings)
