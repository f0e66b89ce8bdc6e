import { CornerDownLeft, Search } from 'lucide-react'
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import type { NavTool, ToolBadge } from '@/components/layout/nav-types'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { rankTools } from '@/lib/tool-search'
import { cn } from '@/lib/utils'

interface CommandPaletteProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  tools: readonly NavTool[]
  /** Beside a tool's name, e.g. that it is switched off. */
  badge?: ToolBadge
  /** Where focus goes on close when nothing had it before Ctrl+K (the header's search button). */
  returnFocus?: () => HTMLElement | null
}

/** Ctrl/Cmd-K tool finder: a combobox over the tool registry. */
export function CommandPalette({ open, onOpenChange, tools, badge, returnFocus }: CommandPaletteProps) {
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const navigate = useNavigate()
  const listId = useId()
  const results = useMemo(() => (query.trim() ? rankTools(query, tools) : tools), [query, tools])
  const activeIndex = Math.min(active, Math.max(results.length - 1, 0))
  // After opening a tool, focus belongs to the new page, not to what opened the palette.
  const navigated = useRef(false)

  const close = (next: boolean) => {
    onOpenChange(next)
    if (!next) {
      setQuery('')
      setActive(0)
    }
  }

  const go = (tool: NavTool | undefined) => {
    if (!tool) return
    navigated.current = true
    close(false)
    void navigate(tool.path)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setActive((activeIndex + 1) % Math.max(results.length, 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((activeIndex - 1 + results.length) % Math.max(results.length, 1))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      go(results[activeIndex])
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="top-[15%] max-w-xl translate-y-0 gap-0 overflow-hidden p-0"
        hideClose
        returnFocus={returnFocus}
        onCloseAutoFocus={(event) => {
          if (!navigated.current) return
          navigated.current = false
          event.preventDefault()
          document.getElementById('main')?.focus()
        }}
      >
        <DialogTitle className="sr-only">Search tools</DialogTitle>
        <DialogDescription className="sr-only">Type to filter, use the arrow keys to choose and Enter to open.</DialogDescription>
        <div className="flex items-center gap-2 border-b px-4">
          <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          {/* The dialog moves focus here on opening: it is its first field. */}
          <input
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-label="Search tools"
            aria-activedescendant={results.length ? `${listId}-${activeIndex}` : undefined}
            placeholder="Search tools…"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value)
              setActive(0)
            }}
            onKeyDown={onKeyDown}
            className="h-12 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
          />
          <kbd className="hidden rounded border bg-muted px-1.5 py-0.5 text-[10px] text-muted-foreground sm:inline">Esc</kbd>
        </div>
        <ul id={listId} role="listbox" aria-label="Tools" className="max-h-80 overflow-y-auto p-2">
          {results.length === 0 && <li className="px-3 py-8 text-center text-sm text-muted-foreground">No tools match “{query}”.</li>}
          {results.map((tool, index) => {
            const Icon = tool.icon
            const selected = index === activeIndex
            return (
              // The keys are the combobox's (its input keeps focus and points here with aria-activedescendant,
              // ARIA's listbox pattern): an option never has focus, so a key handler here would never run.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- see above
              <li
                key={tool.path}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={selected}
                onMouseMove={() => setActive(index)}
                onClick={() => go(tool)}
                className={cn('flex cursor-pointer items-center gap-3 rounded-md px-3 py-2.5 text-sm', selected && 'bg-accent text-accent-foreground')}
              >
                <Icon className="size-4 shrink-0 text-primary" aria-hidden />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="flex flex-wrap items-center gap-1.5 font-medium">
                    {tool.name}
                    {badge?.(tool)}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">{tool.description}</span>
                </span>
                {selected && <CornerDownLeft className="size-4 shrink-0 text-muted-foreground" aria-hidden />}
              </li>
            )
          })}
        </ul>
      </DialogContent>
    </Dialog>
  )
}
