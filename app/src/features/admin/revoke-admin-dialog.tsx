import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'

export interface PendingRevoke {
  userId: string
  label: string
  isMe: boolean
}

/** Revoking admin rights is asked once more, in words that say what happens; revoking one's own, above all. */
export function RevokeAdminDialog({ pending, busy, onConfirm, onClose }: { pending: PendingRevoke | null; busy: boolean; onConfirm: (pending: PendingRevoke) => void; onClose: () => void }) {
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{pending?.isMe ? 'Revoke your own admin rights?' : 'Revoke admin rights?'}</DialogTitle>
          <DialogDescription>
            {pending?.isMe
              ? 'You will lose this admin panel and every admin action at once, and you cannot undo it yourself: only another administrator can make you one again.'
              : `${pending?.label ?? ''} will lose the admin panel and every admin action at once. You can grant them again later.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep admin rights</Button>
          </DialogClose>
          <Button variant="destructive" disabled={busy} onClick={() => pending && onConfirm(pending)}>
            {busy ? 'Revoking…' : pending?.isMe ? 'Revoke my admin rights' : 'Revoke admin rights'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
