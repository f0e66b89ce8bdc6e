import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react'
import { cn } from '@/lib/utils'

// Tabs as WAI-ARIA's tabs pattern with automatic activation, in the markup Radix's tabs gave (roles,
// ids, data-state, data-orientation), without Radix (~7 KB gzip in the first script of six pages):
// the selected tab is the one tab stop; arrows move along the list (looping), Home and End to its
// ends, and focusing a tab selects it; only the selected panel is rendered.
type TabsState = { baseId: string; value: string; select: (value: string) => void }

const TabsContext = createContext<TabsState | null>(null)

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext)
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`)
  return state
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
}

export function Tabs({ value, defaultValue = '', onValueChange, ...props }: TabsProps) {
  const baseId = useId()
  const [own, setOwn] = useState(defaultValue)
  const current = value ?? own
  const select = (next: string) => {
    if (next === current) return
    if (value === undefined) setOwn(next)
    onValueChange?.(next)
  }
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  )
}

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      data-slot="tabs-list"
      className={cn('inline-flex h-10 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  )
}

const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
}

function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const move = MOVES[event.key]
  const list = event.currentTarget.closest('[role="tablist"]')
  if (!move || !list || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
  const tabs = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')]
  event.preventDefault()
  tabs[move(tabs.indexOf(event.currentTarget), tabs.length)]?.focus() // selects it (onFocus)
}

type TriggerProps = ComponentProps<'button'> & { value: string }

export function TabsTrigger({ value, disabled = false, className, onMouseDown, onKeyDown, onFocus, ...props }: TriggerProps) {
  const { baseId, value: current, select } = useTabs('TabsTrigger')
  const selected = value === current
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={contentId(baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-orientation="horizontal"
      disabled={disabled}
      id={triggerId(baseId, value)}
      tabIndex={selected ? 0 : -1}
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-all focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
      onMouseDown={(event) => {
        onMouseDown?.(event)
        if (event.defaultPrevented || disabled) return
        // A left click without Ctrl selects at once, as a tab under the pointer should; others do nothing.
        if (event.button !== 0 || event.ctrlKey) event.preventDefault()
        else if (document.activeElement === event.currentTarget) select(value)
        else event.currentTarget.focus() // selects it (onFocus): one change, told once
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event)
        if (event.defaultPrevented || disabled || event.target !== event.currentTarget) return
        if (event.key === ' ' || event.key === 'Enter') select(value)
        else moveFocus(event)
      }}
      onFocus={(event) => {
        onFocus?.(event)
        if (!disabled) select(value)
      }}
    />
  )
}

type ContentProps = ComponentProps<'div'> & { value: string }

export function TabsContent({ value, className, ...props }: ContentProps) {
  const { baseId, value: current } = useTabs('TabsContent')
  if (value !== current) return null
  return (
    <div
      role="tabpanel"
      data-state="active"
      data-orientation="horizontal"
      aria-labelledby={triggerId(baseId, value)}
      id={contentId(baseId, value)}
      tabIndex={0}
      data-slot="tabs-content"
      className={cn('mt-3 focus-visible:outline-2 focus-visible:outline-ring', className)}
      {...props}
    />
  )
}
