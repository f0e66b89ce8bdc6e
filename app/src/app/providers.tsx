import { lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react'
import type { Toaster as ProductToaster } from '@/components/ui/sonner'
import { ThemeProvider } from '@/features/theme/theme-provider'
import { useTheme } from '@/features/theme/use-theme'
import { afterFirstPaint } from '@/lib/after-first-paint'
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

/** The toaster mounts after the first paint, or at once when a notice comes sooner. */
function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    const want = () => setWanted(true)
    const stopListening = onNoticeRequested(want)
    afterFirstPaint(want)
    return stopListening
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
