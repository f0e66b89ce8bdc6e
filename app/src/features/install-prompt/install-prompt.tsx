import { PlusSquare, Share, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  currentInstallEnvironment,
  INSTALL_PROMPT_DELAY_MS,
  readInstallPromptHistory,
  recordInstallPromptShown,
  shouldShowInstallPrompt,
} from '@/features/install-prompt/install-prompt-rules'
import { cn } from '@/lib/utils'

/** How long the slide-down exit runs before the card is removed. */
export const INSTALL_PROMPT_EXIT_MS = 250

type Phase = 'hidden' | 'open' | 'closing'

export function InstallPrompt() {
  const [phase, setPhase] = useState<Phase>('hidden')
  const exitTimer = useRef<number | undefined>(undefined)
  const titleId = useId()

  useEffect(() => {
    const timer = window.setTimeout(() => {
      // Checked when the delay ends so a showing in another tab meanwhile is respected.
      const history = readInstallPromptHistory()
      const now = new Date()
      if (!shouldShowInstallPrompt(currentInstallEnvironment(), history, now)) return
      recordInstallPromptShown(history, now)
      setPhase('open')
    }, INSTALL_PROMPT_DELAY_MS)
    return () => {
      window.clearTimeout(timer)
      window.clearTimeout(exitTimer.current)
    }
  }, [])

  const hide = () => {
    setPhase('closing')
    exitTimer.current = window.setTimeout(() => setPhase('hidden'), INSTALL_PROMPT_EXIT_MS)
  }

  if (phase === 'hidden') return null

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <section
        role="dialog"
        aria-labelledby={titleId}
        data-state={phase}
        className={cn(
          'pointer-events-auto relative w-full max-w-md rounded-2xl border bg-popover/95 p-5 text-popover-foreground shadow-2xl ring-1 ring-black/5 backdrop-blur-xl dark:ring-white/10',
          phase === 'open' ? 'animate-[install-prompt-in_300ms_ease-out]' : 'animate-[install-prompt-out_250ms_ease-in_forwards]',
        )}
      >
        <Button variant="ghost" size="icon" className="absolute top-2 right-2 size-8" aria-label="Close prompt" onClick={hide}>
          <X aria-hidden />
        </Button>
        <h2 id={titleId} className="pr-8 text-base font-semibold">
          Add to Home Screen
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Install this app on your home screen for a better full-screen experience and quick access.
        </p>
        <ol className="mt-4 flex flex-col gap-2.5 text-sm">
          <li className="flex items-center gap-3">
            <StepNumber n={1} />
            <span>
              Tap the share icon <Share className="inline size-4 align-text-bottom text-primary" aria-label="share icon" role="img" /> in the Safari browser
            </span>
          </li>
          <li className="flex items-center gap-3">
            <StepNumber n={2} />
            <span>
              Scroll down and tap <strong>'Add to Home Screen'</strong>{' '}
              <PlusSquare className="inline size-4 align-text-bottom text-primary" aria-hidden />
            </span>
          </li>
          <li className="flex items-center gap-3">
            <StepNumber n={3} />
            <span>
              Tap <strong>'Add'</strong> in the top right corner
            </span>
          </li>
        </ol>
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" size="sm" onClick={hide}>
            Maybe later
          </Button>
        </div>
      </section>
    </div>
  )
}

function StepNumber({ n }: { n: number }) {
  return (
    <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary" aria-hidden>
      {n}
    </span>
  )
}
