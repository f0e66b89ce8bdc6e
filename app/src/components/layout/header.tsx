import { ChevronDown, LayoutGrid, Search, UserRound } from 'lucide-react'
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { DeferredMenu } from '@/components/layout/deferred-menu'
import { Logo } from '@/components/layout/logo'
import type { NavTool, ToolBadge } from '@/components/layout/nav-types'
import type { ToolGroups } from '@/components/layout/tools-menu'
import { Button } from '@/components/ui/button'
import { lazyExport } from '@/lib/lazy-export'
import { isMacPlatform } from '@/lib/utils'

// The palette (and the dialog machinery under it) loads on first use, keeping it out of the initial bundle.
const loadCommandPalette = () => import('@/components/layout/command-palette')
const CommandPalette = lazyExport(loadCommandPalette, 'CommandPalette')
const loadToolsMenu = () => import('@/components/layout/tools-menu').then((module) => module.ToolsMenu)
const loadAccountMenu = () => import('@/components/layout/account-menu').then((module) => module.AccountMenu)

interface HeaderProps {
  tools: readonly NavTool[]
  groups: ToolGroups
  /** Beside a tool's name in the menu and the palette (e.g. that the admin switched it off). */
  toolBadge?: ToolBadge
  /** Extra controls before the account menu, e.g. the theme switch. */
  actions?: ReactNode
}

export function Header({ tools, groups, toolBadge, actions }: HeaderProps) {
  const [paletteOpen, setPaletteOpen] = useState(false)
  const [paletteLoaded, setPaletteLoaded] = useState(false)
  const searchButton = useRef<HTMLButtonElement>(null)
  const openPalette = (open: boolean) => {
    setPaletteLoaded(true)
    setPaletteOpen(open)
  }
  const shortcut = isMacPlatform() ? '⌘K' : 'Ctrl K'

  // The palette is fetched on intent, not on every first visit (most never open it, and a phone has no
  // Ctrl-K): pointing at or focusing the search button, or pressing Ctrl/Cmd, the first half of Ctrl/Cmd-K.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Control' || event.key === 'Meta') void loadCommandPalette()
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        setPaletteLoaded(true)
        setPaletteOpen((open) => !open)
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/75 backdrop-blur-lg supports-[backdrop-filter]:bg-background/60">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-1 sm:ml-4">
          <DeferredMenu
            load={loadToolsMenu}
            menuProps={{ groups, badge: toolBadge }}
            trigger={
              <Button variant="ghost" className="gap-1.5 px-2.5 sm:px-3" aria-label="Tools menu">
                <LayoutGrid aria-hidden />
                <span className="hidden sm:inline">Tools</span>
                <ChevronDown className="hidden opacity-60 sm:block" aria-hidden />
              </Button>
            }
          />
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Button
            ref={searchButton}
            variant="outline"
            onClick={() => openPalette(true)}
            onPointerEnter={() => void loadCommandPalette()}
            onFocus={() => void loadCommandPalette()}
            aria-label="Search tools"
            aria-keyshortcuts="Control+K Meta+K"
            className="size-10 px-0 text-muted-foreground sm:w-56 sm:justify-start sm:px-3"
          >
            <Search aria-hidden />
            <span className="hidden flex-1 text-left sm:inline">Search tools…</span>
            <kbd className="hidden rounded border bg-muted px-1.5 py-0.5 font-sans text-[11px] font-medium sm:inline">{shortcut}</kbd>
          </Button>
          {actions}
          <DeferredMenu
            load={loadAccountMenu}
            menuProps={{}}
            trigger={
              <Button variant="ghost" size="icon" aria-label="Account menu">
                <UserRound aria-hidden />
              </Button>
            }
          />
        </div>
      </div>
      {paletteLoaded && (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onOpenChange={openPalette} tools={tools} badge={toolBadge} returnFocus={() => searchButton.current} />
        </Suspense>
      )}
    </header>
  )
}
