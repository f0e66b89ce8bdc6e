// An enrolment under way (factor id, QR code, secret) is kept for this tab, so a reload shows the
// same QR code and secret the user may already have scanned: Auth hands the secret out only once,
// and a new enrolment would make the code from the scanned entry fail. Cancelled, verified or
// the tab closed, it is gone.
const KEY = 'mfa-enrolment'

export interface Enrolment {
  userId: string
  id: string
  qrCode: string
  secret: string
}

export function keptEnrolment(userId: string): Enrolment | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as Enrolment | null
    return kept?.userId === userId ? kept : null
  } catch {
    return null
  }
}

export function keepEnrolment(enrolment: Enrolment | null): void {
  try {
    if (enrolment) window.sessionStorage.setItem(KEY, JSON.stringify(enrolment))
    else window.sessionStorage.removeItem(KEY)
  } catch (error) {
    console.warn('[mfa] Could not keep the enrolment for a reload.', error)
  }
}
