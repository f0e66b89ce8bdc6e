import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'

export interface PendingRevoke {
  kind: 'admin' | 'authenticator'
  userId: string
  label: string
  isMe: boolean
}

function wording({ kind, label, isMe }: PendingRevoke): { title: string; description: string; confirm: string; keep: string } {
  if (kind === 'authenticator') {
    return {
      title: 'Remove this authenticator?',
      description: `${isMe ? 'You' : label} will sign in with the password alone until ${isMe ? 'you add' : 'they add'} a new authenticator app. Do this only for someone who lost their device and whose identity you have checked.`,
      confirm: 'Remove authenticator',
      keep: 'Keep it',
    }
  }
  return isMe
    ? {
        title: 'Revoke your own admin rights?',
        description: 'You will lose this admin panel and every admin action at once, and you cannot undo it yourself: only another administrator can make you one again.',
        confirm: 'Revoke my admin rights',
        keep: 'Keep admin rights',
      }
    : {
        title: 'Revoke admin rights?',
        description: `${label} will lose the admin panel and every admin action at once. You can grant them again later.`,
        confirm: 'Revoke admin rights',
        keep: 'Keep admin rights',
      }
}

/** Taking a right away (admin, an authenticator) is asked once more, in words that say what happens; one's own above all. */
export function ConfirmRevokeDialog({ pending, busy, onConfirm, onClose }: { pending: PendingRevoke | null; busy: boolean; onConfirm: (pending: PendingRevoke) => void; onClose: () => void }) {
  const words = pending ? wording(pending) : null
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{words?.title}</DialogTitle>
          <DialogDescription>{words?.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{words?.keep}</Button>
          </DialogClose>
          <Button variant="destructive" disabled={busy} onClick={() => pending && onConfirm(pending)}>
            {busy ? 'Working…' : words?.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
