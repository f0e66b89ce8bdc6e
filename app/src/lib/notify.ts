import type { ExternalToast } from 'sonner'

// The one way the app shows notices (SPEC §8, §9). Durations are product rules, not library defaults.
// sonner loads with the first notice (or after the first paint, with the toaster): no page needs it
// to show itself. A notice raised before the toaster is mounted appears as it mounts (sonner replays
// the active ones to a new toaster).
type Toast = typeof import('sonner').toast
let loaded: Toast | undefined
let loading: Promise<Toast> | undefined

function withToast(show: (toast: Toast) => void): void {
  if (loaded) return show(loaded)
  loading ??= import('sonner').then(
    (module) => (loaded = module.toast),
    (error: unknown) => {
      loading = undefined // a failed chunk download may succeed on the next notice
      throw error
    },
  )
  loading.then(show, (error: unknown) => console.warn('[notify] Could not load the notices.', error))
}
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

export function notify({ title, description, variant = 'default', duration, id, action }: NotifyOptions) {
  const options: ExternalToast = {
    description,
    id,
    action,
    duration: duration ?? NOTIFY_DURATIONS_MS[variant],
  }
  withToast((toast) => {
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
}

notify.success = (title: string, description?: string) => notify({ title, description, variant: 'success' })
notify.info = (title: string, description?: string) => notify({ title, description, variant: 'info' })
notify.warning = (title: string, description?: string) => notify({ title, description, variant: 'warning' })
notify.error = (title: string, description?: string) => notify({ title, description, variant: 'destructive' })
notify.dismiss = (id?: string | number) => withToast((toast) => void toast.dismiss(id))
/**
 * An error toast standing for one action ("convert", "translate"): shown again it replaces itself
 * rather than stacking, and it goes away as soon as the same action succeeds (a retry that worked).
 */
notify.failed = (action: string, title: string, description?: string) => notify({ title, description, variant: 'destructive', id: `failed:${action}` })
notify.succeeded = (action: string) => withToast((toast) => void toast.dismiss(`failed:${action}`))
