import { useEffect, useState } from 'react'

type HighlighterModule = typeof import('@/features/pastes/highlighter')

let loading: Promise<HighlighterModule> | undefined

/** highlight.js, loaded on first use by a paste page (null until it arrives; text shows plain meanwhile). */
export function useHighlighter(): HighlighterModule | null {
  const [module, setModule] = useState<HighlighterModule | null>(null)
  useEffect(() => {
    let active = true
    loading ??= import('@/features/pastes/highlighter')
    loading.then((loaded) => active && setModule(loaded)).catch((error: unknown) => {
      loading = undefined
      console.warn('[pastes] Syntax highlighting could not load; showing plain text.', error)
    })
    return () => {
      active = false
    }
  }, [])
  return module
}
