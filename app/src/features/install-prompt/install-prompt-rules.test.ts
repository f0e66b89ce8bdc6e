import { describe, expect, it } from 'vitest'
import {
  INSTALL_PROMPT_MIN_INTERVAL_MS,
  isAppleMobileDevice,
  isSafariBrowser,
  shouldShowInstallPrompt,
  type InstallEnvironment,
} from '@/features/install-prompt/install-prompt-rules'
import { USER_AGENTS } from '@/testing/user-agents'

const now = new Date('2025-06-15T12:00:00.000Z')
const iphone: InstallEnvironment = { userAgent: USER_AGENTS.iphoneSafari, maxTouchPoints: 5, standalone: false }
const fresh = { shownCount: 0, lastShown: '' }

describe('install prompt eligibility', () => {
  it.each([
    ['iPhone Safari', USER_AGENTS.iphoneSafari, 5, true],
    ['iPad Safari', USER_AGENTS.ipadSafari, 5, true],
    ['iPod Safari', USER_AGENTS.ipodSafari, 5, true],
    ['iPadOS desktop-mode Safari', USER_AGENTS.ipadDesktopSafari, 5, true],
    ['Mac Safari (no touch)', USER_AGENTS.macSafari, 0, false],
    ['iPhone Chrome', USER_AGENTS.iphoneChrome, 5, false],
    ['iPhone Firefox', USER_AGENTS.iphoneFirefox, 5, false],
    ['iPhone Edge', USER_AGENTS.iphoneEdge, 5, false],
    ['Android Chrome', USER_AGENTS.androidChrome, 5, false],
    ['desktop Chrome', USER_AGENTS.desktopChrome, 0, false],
  ])('%s → %s', (_name, userAgent, maxTouchPoints, expected) => {
    expect(shouldShowInstallPrompt({ userAgent, maxTouchPoints, standalone: false }, fresh, now)).toBe(expected)
  })

  it('separates device and browser checks', () => {
    expect(isAppleMobileDevice(USER_AGENTS.iphoneChrome, 5)).toBe(true)
    expect(isSafariBrowser(USER_AGENTS.iphoneChrome)).toBe(false)
    expect(isAppleMobileDevice(USER_AGENTS.androidChrome, 5)).toBe(false)
    expect(isSafariBrowser(USER_AGENTS.macSafari)).toBe(true)
  })

  it('never shows when already installed (standalone)', () => {
    expect(shouldShowInstallPrompt({ ...iphone, standalone: true }, fresh, now)).toBe(false)
  })

  it('shows at most twice', () => {
    const longAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString()
    expect(shouldShowInstallPrompt(iphone, { shownCount: 1, lastShown: longAgo }, now)).toBe(true)
    expect(shouldShowInstallPrompt(iphone, { shownCount: 2, lastShown: longAgo }, now)).toBe(false)
    expect(shouldShowInstallPrompt(iphone, { shownCount: 5, lastShown: '' }, now)).toBe(false)
  })

  it('waits at least 7 days between showings', () => {
    const justUnder = new Date(now.getTime() - INSTALL_PROMPT_MIN_INTERVAL_MS + 1).toISOString()
    const exactly = new Date(now.getTime() - INSTALL_PROMPT_MIN_INTERVAL_MS).toISOString()
    expect(shouldShowInstallPrompt(iphone, { shownCount: 1, lastShown: justUnder }, now)).toBe(false)
    expect(shouldShowInstallPrompt(iphone, { shownCount: 1, lastShown: exactly }, now)).toBe(true)
  })

  it('treats an unparseable timestamp as never shown', () => {
    expect(shouldShowInstallPrompt(iphone, { shownCount: 1, lastShown: 'yesterday-ish' }, now)).toBe(true)
  })
})
