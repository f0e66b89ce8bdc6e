import { useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * The value of the latest render, for effects and late callbacks that must use it without re-running
 * when it changes (a refreshed token of the same person, the parent's newest callback). Written after
 * each render, never during one.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value)
  useLayoutEffect(() => {
    latest.current = value
  })
  return latest
}
