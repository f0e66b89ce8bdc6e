import { useEffect, useState } from 'react'

export type ListState<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T }

/** Loads once per access token; a failure is shown in place rather than as a toast. */
export function useBffList<T>(load: (accessToken: string) => Promise<T>, accessToken: string): ListState<T> {
  const [state, setState] = useState<ListState<T>>({ status: 'loading' })
  useEffect(() => {
    let active = true
    load(accessToken).then(
      (value) => active && setState({ status: 'ready', value }),
      (error: unknown) => {
        console.warn('[dashboard] Could not load a list.', error)
        if (active) setState({ status: 'failed' })
      },
    )
    return () => {
      active = false
    }
    // Only the person matters: a refreshed token for the same user need not reload.
  }, [load])
  return state
}
