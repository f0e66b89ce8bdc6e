import { useEffect, useState } from 'react'
import { useLatest } from '@/lib/use-latest'

export type ListState<T> = { status: 'loading' } | { status: 'failed'; offline: boolean } | { status: 'ready'; value: T }

/** Loads once per access token, and again when the connection comes back; a failure is shown in place rather than as a toast. */
export function useBffList<T>(load: (accessToken: string) => Promise<T>, accessToken: string): ListState<T> {
  const [state, setState] = useState<ListState<T>>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const token = useLatest(accessToken)
  useEffect(() => {
    const retry = () => setAttempt((count) => count + 1)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [])
  useEffect(() => {
    let active = true
    load(token.current).then(
      (value) => active && setState({ status: 'ready', value }),
      (error: unknown) => {
        console.warn('[dashboard] Could not load a list.', error)
        if (active) setState({ status: 'failed', offline: !navigator.onLine })
      },
    )
    return () => {
      active = false
    }
    // Only the person matters: a refreshed token for the same user need not reload.
  }, [load, attempt, token])
  return state
}
