import type * as SonnerModule from 'sonner'
import type { ExternalToast } from 'sonner'

// The one way the app shows notices (SPEC §8, §9). Durations are product rules, not library defaults.
// sonner (~9.5 KB gzip) is no part of the first page's script: it is fetched just after the first paint
// (app/providers.tsx), or at the first notice if one comes sooner, and the service worker keeps it, so
// the notice that the connection dropped (SPEC §4) still shows when the network is already gone.
// A notice asked for before it has arrived is shown as soon as it does, in order.
export type NotifyVariant = 'default' | 'destructive' | 'success' | 'warning' | 'info'

export const NOTIFY_DURATIONS_MS: Record<NotifyVariant, number> = {
  default: 4000,
  success: 4000,
  info: 4000,
  warning: 5000,
  destructive: 6000,
}

export interface NotifyOptions {
  title: string
  description?: string
  variant?: NotifyVariant
  /** Overrides the variant's duration, e.g. Infinity for a notice that must be dismissed. */
  duration?: number
  id?: string | number
  action?: ExternalToast['action']
}

type Toast = typeof SonnerModule.toast
let sonner: typeof SonnerModule | undefined
let loading: Promise<typeof SonnerModule> | undefined
const noticeRequested = new Set<() => void>()

/** sonner's code; a failed fetch is asked for again at the next notice. */
export function loadNotices(): Promise<typeof SonnerModule> {
  loading ??= import('sonner').then(
    (module) => (sonner = module),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** Told when a notice is asked for, so the place that shows them (the toaster) mounts at once. */
export function onNoticeRequested(listener: () => void): () => void {
  noticeRequested.add(listener)
  return () => noticeRequested.delete(listener)
}

// sonner's toast is read from its module at each notice, not kept: a spy on it (notify.test.ts) then
// applies whichever test first loaded sonner in a shared worker.
function withToast(show: (toast: Toast) => void) {
  if (sonner) show(sonner.toast)
  else loading?.then((module) => show(module.toast), () => undefined)
}

/** A dismissal needs sonner only when a notice may be up or on its way. */
function dismissNotice(id?: string | number) {
  withToast((toast) => toast.dismiss(id))
}

function showNotice(show: (toast: Toast) => void) {
  for (const listener of noticeRequested) listener()
  if (sonner) show(sonner.toast)
  else loadNotices().then((module) => show(module.toast), () => undefined)
}

let nextId = 1

/** Shows a notice; answers its id (the caller's, or a new one), which `notify.dismiss` takes. */
export function notify({ title, description, variant = 'default', duration, id, action }: NotifyOptions): string | number {
  // The id is chosen here, not by sonner, so it can be answered before sonner has arrived.
  const noticeId = id ?? `notice:${nextId++}`
  const options: ExternalToast = {
    description,
    id: noticeId,
    action,
    duration: duration ?? NOTIFY_DURATIONS_MS[variant],
  }
  showNotice((toast) => {
    switch (variant) {
      case 'success':
        return void toast.success(title, options)
      case 'info':
        return void toast.info(title, options)
      case 'warning':
        return void toast.warning(title, options)
      case 'destructive':
        return void toast.error(title, options)
      default:
        return void toast(title, options)
    }
  })
  return noticeId
}

notify.success = (title: string, description?: string) => notify({ title, description, variant: 'success' })
notify.info = (title: string, description?: string) => notify({ title, description, variant: 'info' })
notify.warning = (title: string, description?: string) => notify({ title, description, variant: 'warning' })
notify.error = (title: string, description?: string) => notify({ title, description, variant: 'destructive' })
notify.dismiss = (id?: string | number) => dismissNotice(id)
/**
 * An error toast standing for one action ("convert", "translate"): shown again it replaces itself
 * rather than stacking, and it goes away as soon as the same action succeeds (a retry that worked).
 */
notify.failed = (action: string, title: string, description?: string) => notify({ title, description, variant: 'destructive', id: `failed:${action}` })
notify.succeeded = (action: string) => dismissNotice(`failed:${action}`)
