import { readStorage, writeStorage } from '@/lib/storage'

// SPEC §3, §4, §9: iPhone/iPad/iPod Safari only, not installed, at most 2 showings, 7 days apart, 30 s after load.
export const INSTALL_PROMPT_DELAY_MS = 30_000
export const INSTALL_PROMPT_MAX_SHOWINGS = 2
export const INSTALL_PROMPT_MIN_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000
export const INSTALL_PROMPT_COUNT_KEY = 'install-prompt-shown-count'
export const INSTALL_PROMPT_LAST_SHOWN_KEY = 'install-prompt-last-shown'

export interface InstallEnvironment {
  userAgent: string
  /** iPadOS 13+ reports a Mac user agent; touch support tells the two apart. */
  maxTouchPoints: number
  standalone: boolean
}

export interface InstallPromptHistory {
  shownCount: number
  /** ISO date-time, or '' when never shown. */
  lastShown: string
}

export function isAppleMobileDevice(userAgent: string, maxTouchPoints: number): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1
}

/** Safari itself: other iOS browsers (Chrome, Firefox, Edge, Opera) and anything Android are excluded. */
export function isSafariBrowser(userAgent: string): boolean {
  if (!/Safari/i.test(userAgent)) return false
  return !/CriOS|Chrome|Chromium|FxiOS|EdgiOS|EdgA|OPiOS|OPT\/|Android|GSA\//i.test(userAgent)
}

export function isRunningStandalone(win: Window = window): boolean {
  const navigatorStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true
  const displayStandalone = typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches
  return navigatorStandalone || displayStandalone
}

export function currentInstallEnvironment(win: Window = window): InstallEnvironment {
  return {
    userAgent: win.navigator.userAgent,
    maxTouchPoints: win.navigator.maxTouchPoints ?? 0,
    standalone: isRunningStandalone(win),
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

function isIsoString(value: unknown): value is string {
  return typeof value === 'string'
}

export function readInstallPromptHistory(): InstallPromptHistory {
  return {
    shownCount: readStorage(INSTALL_PROMPT_COUNT_KEY, 0, isCount),
    lastShown: readStorage(INSTALL_PROMPT_LAST_SHOWN_KEY, '', isIsoString),
  }
}

export function recordInstallPromptShown(history: InstallPromptHistory, now: Date): InstallPromptHistory {
  const next = { shownCount: history.shownCount + 1, lastShown: now.toISOString() }
  writeStorage(INSTALL_PROMPT_COUNT_KEY, next.shownCount)
  writeStorage(INSTALL_PROMPT_LAST_SHOWN_KEY, next.lastShown)
  return next
}

export function shouldShowInstallPrompt(env: InstallEnvironment, history: InstallPromptHistory, now: Date): boolean {
  if (!isAppleMobileDevice(env.userAgent, env.maxTouchPoints)) return false
  if (!isSafariBrowser(env.userAgent)) return false
  if (env.standalone) return false
  if (history.shownCount >= INSTALL_PROMPT_MAX_SHOWINGS) return false
  if (!history.lastShown) return true
  const last = Date.parse(history.lastShown)
  // An unreadable timestamp is treated like "never shown"; the showing cap still applies.
  if (Number.isNaN(last)) return true
  return now.getTime() - last >= INSTALL_PROMPT_MIN_INTERVAL_MS
}
