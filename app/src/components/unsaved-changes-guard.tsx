import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'

/**
 * While `dirty`, leaving loses work: a reload or closing the tab gets the browser's own question,
 * a link or Back inside the app gets this dialog, naming what would be lost.
 */
export function UnsavedChangesGuard({ dirty, what }: { dirty: boolean; /** e.g. "Your page changes" */ what: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = '' // older browsers need it set to show the question
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  return <LeaveDialog open={blocker.state === 'blocked'} what={what} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
}

/** "Leave and lose it?": also used for a page's own Close button. */
export function LeaveDialog({ open, what, onStay, onLeave, leaveLabel = 'Leave and discard' }: { open: boolean; what: string; onStay: () => void; onLeave: () => void; leaveLabel?: string }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onStay()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Discard your changes?</DialogTitle>
          <DialogDescription>{what} are not saved anywhere yet. If you go on, they are lost.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onStay}>
            Stay here
          </Button>
          <Button variant="destructive" onClick={onLeave}>
            {leaveLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
