import { useCallback, useEffect, useRef, useState } from 'react'
import { toApiError, type ApiError } from '@/lib/api/client'
import { notify } from '@/lib/notify'
import { streamUsernameCheck, type UsernameResult } from '@/tools/username-checker/username-checker.service'

export type CheckPhase = 'idle' | 'running' | 'done' | 'cancelled' | 'failed'

export function useUsernameCheck() {
  const [phase, setPhase] = useState<CheckPhase>('idle')
  const [checked, setChecked] = useState('')
  const [total, setTotal] = useState(0)
  const [results, setResults] = useState<UsernameResult[]>([])
  const [error, setError] = useState<ApiError | null>(null)
  const controller = useRef<AbortController | null>(null)

  useEffect(() => () => controller.current?.abort(), [])

  const start = useCallback(async (name: string, includeNsfw = false) => {
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    setChecked(name)
    setResults([])
    setTotal(0)
    setError(null)
    setPhase('running')
    try {
      await streamUsernameCheck(
        name,
        (line) => {
          if (line.type === 'start') setTotal(line.sites)
          else if (line.type === 'result') setResults((list) => [...list, line])
        },
        current.signal,
        includeNsfw,
      )
      if (controller.current === current) setPhase('done')
      notify.succeeded('username-check')
    } catch (error) {
      if (current.signal.aborted) return
      const problem = toApiError(error)
      setError(problem)
      setPhase('failed')
      notify.failed('username-check', 'The check did not finish', problem.message)
    } finally {
      if (controller.current === current) controller.current = null
    }
  }, [])

  const cancel = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    setPhase('cancelled')
  }, [])

  return { phase, checked, total, results, error, start, cancel }
}
