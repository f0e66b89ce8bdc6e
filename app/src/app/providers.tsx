import { useEffect, useState, type ComponentType, type ReactNode } from 'react'
import type { Toaster as ToasterComponent } from '@/components/ui/sonner'
import { ThemeProvider } from '@/features/theme/theme-provider'
import { useTheme } from '@/features/theme/use-theme'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { onNoticeRequested } from '@/lib/notify'

type Toaster = ComponentType<Parameters<typeof ToasterComponent>[0]>

/** The toaster (sonner) mounts after the first paint, or at once when a notice comes sooner (lib/notify.ts). */
function useToaster(): Toaster | undefined {
  const [toaster, setToaster] = useState<Toaster>()
  useEffect(() => {
    let live = true
    let asked = false
    const mount = () => {
      if (asked) return
      asked = true
      import('@/components/ui/sonner').then(
        (module) => live && setToaster(() => module.Toaster),
        () => (asked = false), // offline before it was ever fetched: the next notice asks again
      )
    }
    const stopListening = onNoticeRequested(mount)
    afterFirstPaint(mount)
    return () => {
      live = false
      stopListening()
    }
  }, [])
  return toaster
}

function ThemedToaster() {
  const { resolvedTheme } = useTheme()
  const Toaster = useToaster()
  return Toaster ? <Toaster theme={resolvedTheme} /> : null
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      {children}
      <ThemedToaster />
    </ThemeProvider>
  )
}
