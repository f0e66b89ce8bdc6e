import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { SectionCard } from '@/components/section-card'
import { deleteMe } from '@/features/auth/account/api/delete-me'
import { loadAuth } from '@/features/auth/client'
import { loginAfterSignOut } from '@/features/auth/session'
import { ApiError } from '@/lib/api/client'
import { notify } from '@/lib/notify'
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/unexpected-error'

export function DeleteAccount({ accessToken }: { accessToken: string }) {
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    setBusy(true)
    try {
      await deleteMe(accessToken)
    } catch (error) {
      setBusy(false)
      notify.error(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE)
      return
    }
    // The account is gone on the server; only this browser's copy of the session is left to forget.
    await (await loadAuth()).signOut({ scope: 'local' }).catch(() => undefined)
    void navigate(loginAfterSignOut(), { replace: true })
    notify.success('Your account has been deleted')
  }

  return (
    <SectionCard id="delete-title" title="Delete account" description="Removes your account, profile, short links and pastes for good.">
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="destructive" className="self-start">
            <Trash2 aria-hidden />
            Delete my account
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>This can’t be undone. You’ll be signed out everywhere.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep my account</Button>
            </DialogClose>
            <Button variant="destructive" disabled={busy} onClick={() => void confirm()}>
              {busy ? 'Deleting…' : 'Delete for good'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </SectionCard>
  )
}
