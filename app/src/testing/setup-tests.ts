import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeEach, vi } from 'vitest'
import { installMatchMedia } from '@/testing/match-media'

// Lazy routes and dynamic imports can take seconds on a busy 2-core machine: waits end when the
// element shows, so a longer ceiling costs nothing when things are quick.
configure({ asyncUtilTimeout: 4000 })

// jsdom lacks ResizeObserver, which Radix's slider and popper measure with.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver
// jsdom does not scroll; react-router's scroll restoration calls this on every navigation.
window.scrollTo = () => {}
// Nor does it lay out: the admin users table brings a focused control into view with this.
if (!Reflect.has(Element.prototype, 'scrollIntoView')) Element.prototype.scrollIntoView = () => {}

// Files of the `dom` project share one jsdom (vitest.config.ts): each test starts from a blank page at
// the site's root with empty storage, whatever an earlier test or file left behind.
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  window.history.replaceState(null, '', '/')
  document.documentElement.className = ''
  document.documentElement.removeAttribute('style')
  installMatchMedia({ dark: false })
})

afterEach(() => {
  cleanup()
  document.body.replaceChildren()
  vi.useRealTimers()
})

// Preact runs effects after the next frame (jsdom's requestAnimationFrame, or a 100 ms timer): a file's
// last render may still have that frame pending when the file ends, and jsdom is gone by then
// ("cancelAnimationFrame is not defined"). Frames run their callbacks in order, so the pending ones
// have run once this file's own next frame and the timer after it have.
afterAll(async () => {
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
})
