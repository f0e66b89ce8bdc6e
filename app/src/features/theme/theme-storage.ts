import { readStorage, writeStorage } from '@/lib/storage'

// SPEC §3/§9: key 'ui-theme', values light | dark | system, default system.
// index.html carries an inline copy of readTheme/resolveTheme so the theme applies before first paint.
export const THEME_STORAGE_KEY = 'ui-theme'
export const THEMES = ['light', 'dark', 'system'] as const
export const DEFAULT_THEME: Theme = 'system'
/** Fired on window whenever the theme changes, for code outside React that cares. */
export const THEME_CHANGE_EVENT = 'ui-theme-change'
export const DARK_MEDIA_QUERY = '(prefers-color-scheme: dark)'

export type Theme = (typeof THEMES)[number]
export type ResolvedTheme = Exclude<Theme, 'system'>

export interface ThemeChangeDetail {
  theme: Theme
  resolvedTheme: ResolvedTheme
}

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
}

export function readTheme(): Theme {
  return readStorage<Theme>(THEME_STORAGE_KEY, DEFAULT_THEME, isTheme)
}

export function writeTheme(theme: Theme): boolean {
  return writeStorage(THEME_STORAGE_KEY, theme)
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_MEDIA_QUERY).matches
}

export function resolveTheme(theme: Theme, prefersDark: boolean = systemPrefersDark()): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light'
  return theme
}

export function applyResolvedTheme(resolved: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.remove('light', 'dark')
  root.classList.add(resolved)
  root.style.colorScheme = resolved
}
