import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react'
import { userMessageFor } from '@/lib/unexpected-error'

export type PageQuery = { q: string; limit: number; offset: number }

/**
 * One page of an admin list at a time: reloads when the search, the offset or a retry changes,
 * and ignores answers that arrive after a newer request. `load` must be a stable function.
 * `setPage` applies a change the server has already made (a delete, a grant); made while a load is
 * on its way, that load may have been read before the change, so it is dropped and asked again.
 */
export function usePagedList<T>(load: (query: PageQuery) => Promise<T>, pageSize: number) {
  const [search, setSearch] = useState('')
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<T>()
  const [error, setError] = useState<string>()
  const [attempt, setAttempt] = useState(0)
  const loading = useRef(false)

  useEffect(() => {
    let current = true
    loading.current = true
    load({ q: search, limit: pageSize, offset })
      .then(
        (result) => {
          if (!current) return
          setPage(result)
          setError(undefined)
        },
        (failure: unknown) => current && setError(userMessageFor(failure)),
      )
      .finally(() => {
        if (current) loading.current = false
      })
    return () => {
      current = false
    }
  }, [load, pageSize, search, offset, attempt])

  const changePage = useCallback((change: SetStateAction<T | undefined>) => {
    setPage(change)
    if (loading.current) setAttempt((count) => count + 1)
  }, [])

  return {
    page,
    setPage: changePage,
    error,
    search,
    offset,
    setOffset,
    find: (query: string) => {
      setOffset(0)
      setSearch(query.trim())
    },
    reload: () => setAttempt((count) => count + 1),
  }
}
