import * as React from 'react'
import { Toaster as SonnerToaster } from 'sonner'

// SPEC §2/§9: notices appear at top centre, 20 px from the edge.
export const TOAST_POSITION = 'top-center' as const
export const TOAST_OFFSET = 20

export function Toaster({ theme = 'system', ...props }: React.ComponentProps<typeof SonnerToaster>) {
  return (
    <SonnerToaster
      position={TOAST_POSITION}
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_OFFSET}
      theme={theme}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans' } }}
      {...props}
    />
  )
}
