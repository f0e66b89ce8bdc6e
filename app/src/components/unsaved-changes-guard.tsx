import { Suspense, useEffect, useState } from 'react'
import { useBlocker } from 'react-router'
import type { LeaveDialogProps } from '@/components/leave-dialog'
import { lazyExport } from '@/lib/lazy-export'

// Radix's dialog (its focus trap, scroll lock and layers, ~11 KB gzip) is no part of a page's first
// script: closed, the dialog is nothing on the page. It is fetched once there is something to lose, and
// once opened it stays mounted, so Radix closes it and gives focus back.
const loadLeaveDialog = () => import('@/components/leave-dialog')
const RadixLeaveDialog = lazyExport(loadLeaveDialog, 'LeaveDialog')

/**
 * While `dirty`, leaving loses work: a reload or closing the tab gets the browser's own question,
 * a link or Back inside the app gets this dialog, naming what would be lost.
 */
export function UnsavedChangesGuard({ dirty, what }: { dirty: boolean; /** e.g. "Your page changes" */ what: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)

  useEffect(() => {
    if (!dirty) return
    void loadLeaveDialog().catch(() => undefined) // a failure shows again, with a retry, when it opens
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
export function LeaveDialog(props: LeaveDialogProps) {
  const [wanted, setWanted] = useState(props.open)
  if (props.open && !wanted) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <RadixLeaveDialog {...props} />
    </Suspense>
  )
}
