import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { ThemeProvider } from '@/features/theme/theme-provider'
import { useTheme } from '@/features/theme/use-theme'
import { afterFirstPaint } from '@/lib/after-first-paint'

// The toaster (sonner) mounts once the first page has painted; a notice raised before then shows
// as it mounts (lib/notify.ts).
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/sonner')).Toaster }))

function ThemedToaster() {
  const { resolvedTheme } = useTheme()
  const [wanted, setWanted] = useState(false)
  useEffect(() => afterFirstPaint(() => setWanted(true)), [])
  if (!wanted) return null
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
