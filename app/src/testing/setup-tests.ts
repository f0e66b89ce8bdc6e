import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'
import { installMatchMedia } from '@/testing/match-media'

// jsdom lacks ResizeObserver, which Radix's slider and popper measure with.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver
// jsdom does not scroll; react-router's scroll restoration calls this on every navigation.
window.scrollTo = () => {}

beforeEach(() => {
  localStorage.clear()
  document.documentElement.className = ''
  document.documentElement.removeAttribute('style')
  installMatchMedia({ dark: false })
})

afterEach(() => {
  cleanup()
})
