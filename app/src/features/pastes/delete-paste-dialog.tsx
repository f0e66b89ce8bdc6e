import { Loader2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'

/** Deleting cannot be undone, so it asks first. */
export function DeletePasteDialog({ title, busy, onConfirm, children }: { title: string; busy: boolean; onConfirm: () => void; children: ReactNode }) {
  return (
    <Dialog>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this paste?</DialogTitle>
          <DialogDescription>
            {title ? `"${title}"` : 'This paste'} and its link stop working for everyone. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            Delete paste
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
