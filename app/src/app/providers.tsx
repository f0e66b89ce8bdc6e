import type { ReactNode } from 'react'
import { Toaster } from '@/components/ui/sonner'
import { ThemeProvider } from '@/features/theme/theme-provider'
import { useTheme } from '@/features/theme/use-theme'

function ThemedToaster() {
  const { resolvedTheme } = useTheme()
  return <Toaster theme={resolvedTheme} />
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      {children}
      <ThemedToaster />
    </ThemeProvider>
  )
}
