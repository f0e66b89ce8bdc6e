// jsdom has no matchMedia; this controllable stand-in lets tests flip the system colour scheme.
type Listener = (event: MediaQueryListEvent) => void

export interface MatchMediaController {
  setDark: (dark: boolean) => void
  setStandalone: (standalone: boolean) => void
}

export function installMatchMedia(initial: { dark?: boolean; standalone?: boolean } = {}): MatchMediaController {
  const state = { dark: initial.dark ?? false, standalone: initial.standalone ?? false }
  const listeners = new Map<string, Set<Listener>>()

  const matches = (query: string) => {
    if (query.includes('prefers-color-scheme: dark')) return state.dark
    if (query.includes('display-mode: standalone')) return state.standalone
    return false
  }

  window.matchMedia = (query: string) => {
    const set = listeners.get(query) ?? new Set<Listener>()
    listeners.set(query, set)
    return {
      get matches() {
        return matches(query)
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => set.add(listener),
      removeEventListener: (_type: string, listener: Listener) => set.delete(listener),
      addListener: (listener: Listener) => set.add(listener),
      removeListener: (listener: Listener) => set.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList
  }

  const emit = (needle: string) => {
    for (const [query, set] of listeners) {
      if (!query.includes(needle)) continue
      const event = { matches: matches(query), media: query } as MediaQueryListEvent
      set.forEach((listener) => listener(event))
    }
  }

  return {
    setDark: (dark) => {
      state.dark = dark
      emit('prefers-color-scheme')
    },
    setStandalone: (standalone) => {
      state.standalone = standalone
      emit('display-mode')
    },
  }
}
