import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'

export interface LeaveDialogProps {
  open: boolean
  what: string
  onStay: () => void
  onLeave: () => void
  leaveLabel?: string
}

/** "Leave and lose it?" on Radix's dialog; loaded when first wanted (unsaved-changes-guard.tsx). */
export function LeaveDialog({ open, what, onStay, onLeave, leaveLabel = 'Leave and discard' }: LeaveDialogProps) {
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
