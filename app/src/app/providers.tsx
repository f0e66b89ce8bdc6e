import { lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react'
import type { Toaster as ProductToaster } from '@/components/ui/sonner'
import { ThemeProvider } from '@/features/theme/theme-provider'
import { useTheme } from '@/features/theme/use-theme'
import { onNoticeRequested } from '@/lib/notify'

// The toaster (sonner) is no part of the first page's script (lib/notify.ts). Offline before it was
// ever fetched (the service worker keeps it after the first visit), there is no toaster, never a broken page.
type ToasterComponent = ComponentType<ComponentProps<typeof ProductToaster>>
const Toaster = lazy(async (): Promise<{ default: ToasterComponent }> => {
  try {
    return { default: (await import('@/components/ui/sonner')).Toaster }
  } catch {
    return { default: () => null }
  }
})

/**
 * The toaster is asked for as soon as the first paint is done (effects run after it), not when the
 * browser is idle: its code must be there before a connection can drop, or the 'You are offline.'
 * notice would have nothing to show it on a first visit. A notice asked for sooner mounts it at once.
 */
function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    const want = () => setWanted(true)
    const stopListening = onNoticeRequested(want)
    const timer = window.setTimeout(want)
    return () => {
      stopListening()
      window.clearTimeout(timer)
    }
  }, [])
  return wanted
}

function ThemedToaster() {
  const { resolvedTheme } = useTheme()
  if (!useToasterWanted()) return null
  return (
    <Suspense fallback={null}>
      <Toaster theme={resolvedTheme} />
    </Suspense>
  )
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      {children}
      <ThemedToaster />
    </ThemeProvider>
  )
}
