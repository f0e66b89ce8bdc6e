import { Moon, Sun } from 'lucide-react'
import { DeferredMenu } from '@/components/layout/deferred-menu'
import { Button } from '@/components/ui/button'
import { useTheme } from '@/features/theme/use-theme'

const LABELS = { light: 'Light', dark: 'Dark', system: 'System' } as const
const loadThemeMenu = () => import('@/features/theme/theme-menu').then((module) => module.ThemeMenu)

/** Header theme switch: shows the active theme; the light/dark/system menu loads on first click. */
export function ThemeToggle() {
  const { theme, resolvedTheme } = useTheme()
  const trigger = (
    <Button variant="ghost" size="icon" aria-label={`Theme: ${LABELS[theme]}. Change theme`} data-resolved-theme={resolvedTheme}>
      {resolvedTheme === 'dark' ? <Moon aria-hidden /> : <Sun aria-hidden />}
    </Button>
  )
  return <DeferredMenu load={loadThemeMenu} trigger={trigger} menuProps={{}} />
}
