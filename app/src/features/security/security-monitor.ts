import { recordIncident, type IncidentCode } from '@/features/security/incident-log'
import { startLocalChecks } from '@/features/security/local-checks'
import { getSecurityLevel } from '@/features/security/security-level'
import { notify } from '@/lib/notify'
import { onUnexpectedError, reportUnexpectedError } from '@/lib/unexpected-error'

// Starts the local checks and the app-wide handlers for failures nothing else caught. Findings go
// to the incident log; at 'high' and 'maximum' the user is also told (never blocked).
const WARNINGS: Partial<Record<IncidentCode, string>> = {
  DEVTOOLS_OPEN: 'Developer tools appear to be open. Never paste code you do not trust into the console.',
  IFRAME_DETECTED: 'This page is shown inside another site. Check the address bar before entering anything.',
  AUTOMATION_DETECTED: 'This browser reports being controlled by automation software.',
}

// Browser noise that is no failure of ours.
const BENIGN = [/ResizeObserver loop/]

function found(code: IncidentCode): void {
  recordIncident(code)
  const warning = WARNINGS[code]
  if (warning && getSecurityLevel() !== 'standard') notify.warning(warning)
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

let stop: (() => void) | undefined

export function startSecurityMonitor(): () => void {
  if (stop) return stop
  const stopChecks = startLocalChecks({ win: window, nav: navigator, found })
  const stopLogging = onUnexpectedError((error) => recordIncident(error instanceof Error ? 'SYSTEM_ERROR' : 'UNKNOWN_ERROR', describe(error)))
  const onError = (event: ErrorEvent) => {
    if (BENIGN.some((pattern) => pattern.test(event.message))) return
    reportUnexpectedError(event.error ?? event.message)
  }
  const onRejection = (event: PromiseRejectionEvent) => reportUnexpectedError(event.reason)
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  stop = () => {
    stopChecks()
    stopLogging()
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
    stop = undefined
  }
  return stop
}
