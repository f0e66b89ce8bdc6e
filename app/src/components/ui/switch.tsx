import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react'
import type * as RadixModule from '@/components/ui/switch-radix'
import { SWITCH_CLASS, SWITCH_THUMB_CLASS } from '@/components/ui/switch-style'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { cn } from '@/lib/utils'

// Radix's switch is no part of a tool page's first script (~2 KB gzip with its context and state
// hooks): each switch is first this button, attribute for attribute Radix's (switch.test.tsx compares
// them), which toggles as Radix's does; Radix's takes its place after the first paint, keeping focus.
type Radix = typeof RadixModule
type SwitchProps = ComponentProps<Radix['Switch']>

let radix: Radix | undefined
let loading: Promise<Radix> | undefined

function loadRadix(): Promise<Radix> {
  loading ??= import('@/components/ui/switch-radix').then(
    (module) => (radix = module),
    (error: unknown) => {
      loading = undefined // offline before it was fetched: the stand-in keeps working, the next one asks again
      throw error
    },
  )
  return loading
}

export function Switch({ checked, defaultChecked, onCheckedChange, required, ...props }: SwitchProps) {
  const [Loaded, setLoaded] = useState(() => radix?.Switch)
  // An uncontrolled switch's state before Radix's arrives, handed to it as its default.
  const [ownChecked, setOwnChecked] = useState(defaultChecked ?? false)
  const button = useRef<HTMLButtonElement>(null)
  const refocus = useRef(false)
  useEffect(() => {
    if (Loaded) return
    let live = true
    const take = (module: Radix) => {
      if (!live) return
      refocus.current = document.activeElement === button.current
      setLoaded(() => module.Switch)
    }
    afterFirstPaint(() => void loadRadix().then(take, () => undefined))
    return () => {
      live = false
    }
  }, [Loaded])
  useLayoutEffect(() => {
    if (Loaded && refocus.current) {
      refocus.current = false
      button.current?.focus({ preventScroll: true })
    }
  }, [Loaded])
  const isChecked = checked ?? ownChecked
  const toggled = (next: boolean) => {
    if (checked === undefined) setOwnChecked(next)
    onCheckedChange?.(next)
  }
  if (Loaded) return <Loaded ref={button} checked={checked} defaultChecked={checked === undefined ? ownChecked : undefined} onCheckedChange={toggled} required={required} {...props} />
  const { className, disabled, onClick, value = 'on', ...rest } = props
  const state = isChecked ? 'checked' : 'unchecked'
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isChecked}
      aria-required={required}
      data-state={state}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      data-slot="switch"
      ref={button}
      {...rest}
      className={cn(SWITCH_CLASS, className)}
      value={value}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) toggled(!isChecked)
      }}
    >
      <span data-state={state} data-disabled={disabled ? '' : undefined} className={SWITCH_THUMB_CLASS} />
    </button>
  )
}
