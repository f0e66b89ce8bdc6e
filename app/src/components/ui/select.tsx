import { ChevronDown } from 'lucide-react'
import { createContext, useContext, useRef, useState, type ComponentProps, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import type * as RadixModule from '@/components/ui/select-radix'
import { SELECT_TRIGGER_CLASS } from '@/components/ui/select-trigger-style'
import { cn } from '@/lib/utils'

// Radix's select, with the popper, focus trap and scroll lock it brings (~25 KB gzip), is no part of a
// tool page's first script: each select is first this closed trigger (the same button, the same text,
// the same classes) and becomes Radix's, opened, the moment the visitor reaches for it. Pointing at it
// or focusing it starts the download. The callers compose it exactly as Radix's (select-radix.tsx).
type Radix = typeof RadixModule

let radix: Radix | undefined
let loading: Promise<Radix> | undefined

function loadRadix(): Promise<Radix> {
  loading ??= import('@/components/ui/select-radix').then(
    (module) => (radix = module),
    (error: unknown) => {
      loading = undefined // a failed chunk is asked for again at the next reach
      throw error
    },
  )
  return loading
}

const prefetch = () => void loadRadix().catch(() => undefined)

/** Set once this select is Radix's: every part renders Radix's own. */
const RadixContext = createContext<Radix | undefined>(undefined)

interface ClosedSelect {
  value: string | undefined
  disabled?: boolean
  required?: boolean
  dir?: 'ltr' | 'rtl'
  valueNode: HTMLElement | null
  open: () => void
}
const ClosedContext = createContext<ClosedSelect | null>(null)
/** Where the closed trigger's text goes (SelectValue's span), told to the Select that owns it. */
const ValueNodeContext = createContext<(node: HTMLElement | null) => void>(() => undefined)

const OPEN_KEYS = [' ', 'Enter', 'ArrowUp', 'ArrowDown'] // Radix's

export function Select({ children, ...props }: ComponentProps<Radix['Select']>) {
  const [loaded, setLoaded] = useState(radix)
  const [openAtOnce, setOpenAtOnce] = useState(false)
  const [valueNode, setValueNode] = useState<HTMLElement | null>(null)
  if (loaded) {
    return (
      <RadixContext.Provider value={loaded}>
        <loaded.Select {...props} defaultOpen={props.defaultOpen || openAtOnce}>
          {children}
        </loaded.Select>
      </RadixContext.Provider>
    )
  }
  const closed: ClosedSelect = {
    value: props.value ?? props.defaultValue,
    disabled: props.disabled,
    required: props.required,
    dir: props.dir,
    valueNode,
    open: () => {
      if (props.disabled) return
      loadRadix().then(
        (module) => {
          setOpenAtOnce(true)
          setLoaded(module)
        },
        // Offline with the chunk never fetched: the select stays closed, and the next reach tries again.
        () => undefined,
      )
    },
  }
  return (
    <ClosedContext.Provider value={closed}>
      <ValueNodeContext.Provider value={setValueNode}>{children}</ValueNodeContext.Provider>
    </ClosedContext.Provider>
  )
}

export function SelectTrigger({ className, children, onPointerDown, onClick, onKeyDown, onPointerEnter, onFocus, disabled, ...props }: ComponentProps<Radix['SelectTrigger']>) {
  const loaded = useContext(RadixContext)
  const closed = useContext(ClosedContext)
  const pointerType = useRef('touch')
  if (loaded) {
    return <loaded.SelectTrigger {...{ className, onPointerDown, onClick, onKeyDown, onPointerEnter, onFocus, disabled, ...props }}>{children}</loaded.SelectTrigger>
  }
  if (!closed) throw new Error('SelectTrigger must be inside a Select.')
  const isDisabled = closed.disabled || disabled
  // Radix's closed trigger, attribute for attribute (select.test.tsx compares the two): closed, the
  // list it controls is not on the page, so there is no aria-controls to give.
  return (
    <button
      type="button"
      // eslint-disable-next-line jsx-a11y/role-has-required-aria-props -- see above
      role="combobox"
      aria-expanded={false}
      aria-required={closed.required}
      aria-autocomplete="none"
      dir={closed.dir ?? 'ltr'}
      data-state="closed"
      disabled={isDisabled}
      data-disabled={isDisabled ? '' : undefined}
      data-placeholder={closed.value === undefined || closed.value === '' ? '' : undefined}
      data-slot="select-trigger"
      className={cn(SELECT_TRIGGER_CLASS, className)}
      {...props}
      onPointerEnter={(event) => {
        onPointerEnter?.(event)
        prefetch()
      }}
      onFocus={(event) => {
        onFocus?.(event)
        prefetch()
      }}
      // Radix opens on a mouse's press, and on the click of a touch or a pen.
      onPointerDown={(event) => {
        onPointerDown?.(event)
        pointerType.current = event.pointerType
        if (event.button === 0 && !event.ctrlKey && event.pointerType === 'mouse') {
          event.preventDefault()
          closed.open()
        }
      }}
      onClick={(event) => {
        onClick?.(event)
        if (pointerType.current !== 'mouse') closed.open()
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event)
        if (OPEN_KEYS.includes(event.key)) {
          event.preventDefault()
          closed.open()
        }
      }}
    >
      {children}
      <ChevronDown className="size-4 opacity-60" aria-hidden />
    </button>
  )
}

export function SelectValue({ placeholder = '', ...props }: ComponentProps<Radix['SelectValue']>) {
  const loaded = useContext(RadixContext)
  const closed = useContext(ClosedContext)
  const setValueNode = useContext(ValueNodeContext)
  if (loaded) return <loaded.SelectValue placeholder={placeholder} {...props} />
  if (!closed) throw new Error('SelectValue must be inside a Select.')
  const empty = closed.value === undefined || closed.value === ''
  // The chosen item puts its text in here, as Radix's item does (SelectItem below).
  return (
    <span {...props} ref={setValueNode} style={{ pointerEvents: 'none' }}>
      {empty ? placeholder : null}
    </span>
  )
}

/** Closed, the list is not on the page: its items are only asked which one is chosen. */
export function SelectContent({ children, ...props }: ComponentProps<Radix['SelectContent']>) {
  const loaded = useContext(RadixContext)
  if (loaded) return <loaded.SelectContent {...props}>{children}</loaded.SelectContent>
  return <>{children}</>
}

export function SelectGroup({ children, ...props }: ComponentProps<Radix['SelectGroup']>) {
  const loaded = useContext(RadixContext)
  if (loaded) return <loaded.SelectGroup {...props}>{children}</loaded.SelectGroup>
  return <>{children}</>
}

export function SelectLabel(props: ComponentProps<Radix['SelectLabel']>) {
  const loaded = useContext(RadixContext)
  return loaded ? <loaded.SelectLabel {...props} /> : null
}

export function SelectItem({ children, ...props }: ComponentProps<Radix['SelectItem']>): ReactNode {
  const loaded = useContext(RadixContext)
  const closed = useContext(ClosedContext)
  if (loaded) return <loaded.SelectItem {...props}>{children}</loaded.SelectItem>
  if (closed?.valueNode && closed.value === props.value) return createPortal(<>{children}</>, closed.valueNode)
  return null
}
