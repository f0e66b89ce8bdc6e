import * as DialogPrimitive from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import * as React from 'react'
import { cn } from '@/lib/utils'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close
export const DialogPortal = DialogPrimitive.Portal

export function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn('fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]', className)}
      {...props}
    />
  )
}

/**
 * Notes the element that had focus when the dialog opened (a trigger, a row's button, or whatever
 * Ctrl+K was pressed on). It mounts with the content; a layout effect runs before Radix's focus
 * scope (a passive effect) moves focus into the dialog.
 */
function OpenerCapture({ onCapture }: { onCapture: (opener: HTMLElement | null) => void }) {
  React.useLayoutEffect(() => {
    const active = document.activeElement
    onCapture(active instanceof HTMLElement && active !== document.body ? active : null)
  }, [onCapture])
  return null
}

/**
 * Radix returns focus only to a DialogTrigger; dialogs opened from a row's button, a shortcut or
 * code would leave it on <body>. Focus goes back to the opener, or to `returnFocus` when the
 * opener is gone (e.g. the deleted row's button), so the keyboard user stays where they were.
 */
export function DialogContent({
  className,
  children,
  hideClose = false,
  returnFocus,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { hideClose?: boolean; returnFocus?: () => HTMLElement | null | undefined }) {
  const opener = React.useRef<HTMLElement | null>(null)
  // Stable, so the capture runs once, when the content mounts (the dialog opens).
  const captureOpener = React.useCallback((element: HTMLElement | null) => {
    opener.current = element
  }, [])
  const restoreFocus = (event: Event) => {
    onCloseAutoFocus?.(event)
    if (event.defaultPrevented) return
    const target = opener.current?.isConnected ? opener.current : returnFocus?.()
    if (!target) return  // Radix's own: the trigger, if there is one
    event.preventDefault()
    target.focus({ preventScroll: false })
  }
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-popover p-6 text-popover-foreground shadow-2xl',
          className,
        )}
        onCloseAutoFocus={restoreFocus}
        {...props}
      >
        <OpenerCapture onCapture={captureOpener} />
        {children}
        {!hideClose && (
          <DialogPrimitive.Close className="absolute top-3 right-3 rounded-md p-1.5 opacity-70 transition-opacity hover:bg-accent hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring">
            <X className="size-4" aria-hidden />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  )
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 text-center sm:text-left', className)} {...props} />
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg leading-none font-semibold', className)} {...props} />
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
}
