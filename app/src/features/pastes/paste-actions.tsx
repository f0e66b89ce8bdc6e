import { Copy as CopyIcon, Download, FileCode2, Heart, Loader2, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { CopyButton } from '@/components/copy-button'
import { Button, buttonVariants } from '@/components/ui/button'
import { toApiError } from '@/lib/api/client'
import { notify } from '@/lib/notify'
import { deletePaste } from '@/features/pastes/api/delete-paste'
import { duplicatePaste } from '@/features/pastes/api/duplicate-paste'
import { likePaste } from '@/features/pastes/api/like-paste'
import { editTokenFor, forgetEditToken } from '@/features/pastes/edit-tokens'
import { DeletePasteDialog } from '@/features/pastes/delete-paste-dialog'
import { downloadName } from '@/features/pastes/paste-options'
import { forgetPaste, type LocalPaste } from '@/features/pastes/paste-store'
import { rememberCreated } from '@/features/pastes/save-paste'

interface PasteActionsProps {
  paste: LocalPaste
  userId: string | null
  /** Only on the server yet: a paste waiting in the offline queue can be edited but not shared. */
  published: boolean
  onLikes: (likes: number) => void
}

/** Whether this browser may edit or delete the paste: its owner, or the holder of its edit token. */
export function canManage(paste: LocalPaste, userId: string | null): boolean {
  return (userId !== null && paste.userId === userId) || editTokenFor(paste.id) !== null
}

function download(paste: LocalPaste) {
  const url = URL.createObjectURL(new Blob([paste.content ?? ''], { type: 'text/plain;charset=utf-8' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: downloadName(paste.title, paste.id, paste.language) })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export function PasteActions({ paste, userId, published, onLikes }: PasteActionsProps) {
  const navigate = useNavigate()
  const [liked, setLiked] = useState(false)
  const [busy, setBusy] = useState<'like' | 'duplicate' | 'delete' | null>(null)
  const manage = !published || canManage(paste, userId)

  const like = async () => {
    setBusy('like')
    try {
      const result = await likePaste(paste.id)
      onLikes(result.likes)
      setLiked(true)
      if (!result.counted) notify.info('You already like this paste', 'Each account counts once.')
    } catch (error) {
      notify.error('Failed to like paste', toApiError(error).message)
    } finally {
      setBusy(null)
    }
  }

  const duplicate = async () => {
    setBusy('duplicate')
    try {
      const copy = await duplicatePaste(paste.id)
      rememberCreated(copy)
      notify.success('Paste duplicated', copy.title)
      void navigate(`/paste/${copy.id}`, { state: { created: copy } })
    } catch (error) {
      notify.error('Failed to duplicate paste', toApiError(error).message)
    } finally {
      setBusy(null)
    }
  }

  const remove = async () => {
    setBusy('delete')
    try {
      await deletePaste(paste.id, editTokenFor(paste.id))
      forgetPaste(paste.id)
      forgetEditToken(paste.id)
      notify.success('Paste deleted', paste.title || undefined)
      void navigate('/pastes')
    } catch (error) {
      const problem = toApiError(error)
      // SPEC §5: a paste with an owner is deleted by its owner only.
      if (problem.status === 401 || problem.status === 403) notify.error('Unauthorized', 'You are not authorized to delete this paste.')
      else notify.error('Failed to delete paste', problem.message)
      setBusy(null)
    }
  }

  const outline = buttonVariants({ variant: 'outline', size: 'sm' })
  return (
    <div className="flex flex-wrap gap-2">
      <CopyButton value={paste.content ?? ''} label="Copy" showLabel />
      <Button variant="outline" size="sm" onClick={() => download(paste)} disabled={paste.content === undefined}>
        <Download aria-hidden />
        Download
      </Button>
      {/* A new tab sends no access token, so the raw view exists for pastes anyone with the link may read
          (not an encrypted one: the server has only its ciphertext). */}
      {published && !paste.burnAfterRead && paste.privacy !== 'private' && !paste.encrypted && (
        <a className={outline} href={`/api/pastes/${paste.id}/raw`} target="_blank" rel="noreferrer">
          <FileCode2 aria-hidden />
          Raw
        </a>
      )}
      {published &&
        (userId ? (
          <Button variant="outline" size="sm" onClick={() => void like()} disabled={busy === 'like'} aria-pressed={liked}>
            <Heart aria-hidden className={liked ? 'fill-current text-destructive' : undefined} />
            {liked ? 'Liked' : 'Like'}
          </Button>
        ) : (
          <Link className={outline} to={`/login?next=${encodeURIComponent(`/paste/${paste.id}`)}`}>
            <Heart aria-hidden />
            Sign in to like
          </Link>
        ))}
      {published && !paste.encrypted && (
        <Button variant="outline" size="sm" onClick={() => void duplicate()} disabled={busy === 'duplicate'}>
          {busy === 'duplicate' ? <Loader2 className="animate-spin" aria-hidden /> : <CopyIcon aria-hidden />}
          Duplicate
        </Button>
      )}
      {manage && !paste.encrypted && (
        <Link className={outline} to={`/paste/${paste.id}/edit`}>
          <Pencil aria-hidden />
          Edit
        </Link>
      )}
      {manage && published && (
        <DeletePasteDialog title={paste.title} busy={busy === 'delete'} onConfirm={() => void remove()}>
          <Button variant="outline" size="sm" className="text-destructive">
            <Trash2 aria-hidden />
            Delete
          </Button>
        </DeletePasteDialog>
      )}
    </div>
  )
}
