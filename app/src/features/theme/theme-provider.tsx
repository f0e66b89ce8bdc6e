import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { ThemeContext } from '@/features/theme/theme-context'
import {
  applyResolvedTheme,
  DARK_MEDIA_QUERY,
  isTheme,
  readTheme,
  resolveTheme,
  systemPrefersDark,
  THEME_CHANGE_EVENT,
  THEME_STORAGE_KEY,
  writeTheme,
  type Theme,
  type ThemeChangeDetail,
} from '@/features/theme/theme-storage'

function parseStoredTheme(raw: string | null): Theme {
  if (raw === null) return 'system'
  try {
    const value: unknown = JSON.parse(raw)
    return isTheme(value) ? value : 'system'
  } catch {
    console.warn(`[storage] Could not parse "${THEME_STORAGE_KEY}" from another tab; using the default.`)
    return 'system'
  }
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readTheme)
  const [prefersDark, setPrefersDark] = useState<boolean>(systemPrefersDark)
  const resolvedTheme = resolveTheme(theme, prefersDark)

  // Follow the operating system while the choice is 'system'.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return
    const media = window.matchMedia(DARK_MEDIA_QUERY)
    const onChange = (event: MediaQueryListEvent) => setPrefersDark(event.matches)
    media.addEventListener('change', onChange)
    return () => media.removeEventListener('change', onChange)
  }, [])

  // Other tabs write the same key; the browser tells us through the storage event.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) setThemeState(parseStoredTheme(event.newValue))
      else if (event.key === null) setThemeState(readTheme()) // storage.clear() in another tab
    }
    // Other code on this page may change the theme without going through this provider.
    const onPageChange = (event: Event) => {
      const detail = (event as CustomEvent<ThemeChangeDetail>).detail
      if (detail && isTheme(detail.theme)) setThemeState(detail.theme)
    }
    window.addEventListener('storage', onStorage)
    window.addEventListener(THEME_CHANGE_EVENT, onPageChange)
    return () => {
      window.removeEventListener('storage', onStorage)
      window.removeEventListener(THEME_CHANGE_EVENT, onPageChange)
    }
  }, [])

  useEffect(() => {
    applyResolvedTheme(resolvedTheme)
  }, [resolvedTheme])

  const setTheme = useCallback((next: Theme) => {
    writeTheme(next)
    setThemeState(next)
    const detail: ThemeChangeDetail = { theme: next, resolvedTheme: resolveTheme(next) }
    window.dispatchEvent(new CustomEvent(THEME_CHANGE_EVENT, { detail }))
  }, [])

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme])
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>
}
