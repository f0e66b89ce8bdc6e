import { toast, type ExternalToast } from 'sonner'

// The one way the app shows notices (SPEC §8, §9). Durations are product rules, not library defaults.
// sonner is part of the first page on purpose: the notice that the connection dropped (SPEC §4) must
// show when the network is already gone, so its code cannot be left to load on demand.
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
  switch (variant) {
    case 'success':
      return toast.success(title, options)
    case 'info':
      return toast.info(title, options)
    case 'warning':
      return toast.warning(title, options)
    case 'destructive':
      return toast.error(title, options)
    default:
      return toast(title, options)
  }
}

notify.success = (title: string, description?: string) => notify({ title, description, variant: 'success' })
notify.info = (title: string, description?: string) => notify({ title, description, variant: 'info' })
notify.warning = (title: string, description?: string) => notify({ title, description, variant: 'warning' })
notify.error = (title: string, description?: string) => notify({ title, description, variant: 'destructive' })
notify.dismiss = (id?: string | number) => toast.dismiss(id)
/**
 * An error toast standing for one action ("convert", "translate"): shown again it replaces itself
 * rather than stacking, and it goes away as soon as the same action succeeds (a retry that worked).
 */
notify.failed = (action: string, title: string, description?: string) => notify({ title, description, variant: 'destructive', id: `failed:${action}` })
notify.succeeded = (action: string) => toast.dismiss(`failed:${action}`)
