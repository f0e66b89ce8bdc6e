import type { IncidentCode } from '@/features/security/incident-log'

// SPEC §5/§9 local checks. They are heuristics an attacker can defeat and an honest user can trip
// (a docked side panel looks like dev tools), so they only record and, at most, warn.
export const DEVTOOLS_GAP_PX = 160
export const DEVTOOLS_CHECK_MS = 1000

type WindowLike = Pick<Window, 'outerWidth' | 'innerWidth' | 'outerHeight' | 'innerHeight' | 'self' | 'top'>

/** A docked dev-tools panel takes more than 160 px from the window's inner size. */
export function devtoolsLikelyOpen(win: WindowLike): boolean {
  // Some mobile browsers report outer sizes of 0: no gap to judge.
  if (!win.outerWidth || !win.outerHeight) return false
  return win.outerWidth - win.innerWidth > DEVTOOLS_GAP_PX || win.outerHeight - win.innerHeight > DEVTOOLS_GAP_PX
}

export function insideFrame(win: Pick<Window, 'self' | 'top'>): boolean {
  try {
    return win.self !== win.top
  } catch {
    return true  // a cross-origin parent refuses the comparison: framed all the same
  }
}

export function automated(nav: Pick<Navigator, 'webdriver'>): boolean {
  return nav.webdriver === true
}

export interface LocalCheckOptions {
  win: WindowLike
  nav: Pick<Navigator, 'webdriver'>
  /** Called once per finding (dev tools: each time they open). */
  found: (code: IncidentCode) => void
}

/** One-off checks now, the dev-tools check every second; returns the stop function. */
export function startLocalChecks({ win, nav, found }: LocalCheckOptions): () => void {
  if (insideFrame(win)) found('IFRAME_DETECTED')
  if (automated(nav)) found('AUTOMATION_DETECTED')
  let open = false
  const check = () => {
    const nowOpen = devtoolsLikelyOpen(win)
    if (nowOpen && !open) found('DEVTOOLS_OPEN')
    open = nowOpen
  }
  check()
  const timer = setInterval(check, DEVTOOLS_CHECK_MS)
  return () => clearInterval(timer)
}
