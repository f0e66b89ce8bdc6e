import { FilePen } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { buttonVariants } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { toApiError } from '@/lib/api/client'
import { notify } from '@/lib/notify'
import { PASTES_OFFLINE_NOTE, useOfflineNote } from '@/lib/offline-note'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'
import { useCurrentUserId } from '@/features/pastes/current-user'
import { editTokenFor } from '@/features/pastes/edit-tokens'
import { PasteForm, type PasteFormValues } from '@/features/pastes/paste-form'
import { expiresIn } from '@/features/pastes/paste-options'
import type { LocalPaste } from '@/features/pastes/paste-store'
import { findLocalPaste, isLocalId } from '@/features/pastes/paste-store'
import { updateOrQueue } from '@/features/pastes/save-paste'
import { canManage } from '@/features/pastes/paste-actions'
import { usePaste } from '@/features/pastes/use-paste'

function formValues(paste: LocalPaste): PasteFormValues {
  return { title: paste.title, content: paste.content ?? '', language: paste.language, privacy: paste.privacy, expiry: 'keep', burnAfterRead: paste.burnAfterRead }
}

export default function PasteEditPage() {
  const { id = '' } = useParams()
  usePageMetadata({ title: 'Edit paste', description: 'Edit one of your pastes.', path: `/paste/${encodeURIComponent(id)}/edit`, noindex: true })
  useOfflineNote(PASTES_OFFLINE_NOTE)
  const navigate = useNavigate()
  const userId = useCurrentUserId()
  // The author's own copy when this browser has one: reading from the server would count a view
  // (and burn a burn-after-reading paste); a paste made offline exists only here until it syncs.
  const [ownCopy] = useState(() => {
    const local = findLocalPaste(id)
    return local?.content !== undefined && (local.pending || isLocalId(id) || editTokenFor(id) !== null) ? local : undefined
  })
  const state = usePaste(ownCopy ? '' : id)
  const paste = ownCopy ?? (state.status === 'ready' ? state.paste : undefined)
  // The form starts from the paste as read; once the author types, their values are kept.
  const [edited, setValues] = useState<PasteFormValues | null>(null)
  const read = useMemo(() => (paste ? formValues(paste) : null), [paste])
  const values = edited ?? read

  const save = async (submitted: PasteFormValues) => {
    const changes = {
      title: submitted.title.trim(),
      content: submitted.content,
      language: submitted.language,
      privacy: submitted.privacy,
      burn_after_read: submitted.burnAfterRead,
    }
    try {
      const outcome = await updateOrQueue(id, changes, submitted.expiry, editTokenFor(id))
      if (outcome.kind === 'saved') notify.success('Paste updated')
      else notify.info('Saved on this device', 'The change will be published when you are back online.')
      void navigate(`/paste/${outcome.kind === 'saved' ? outcome.paste.id : outcome.id}`)
    } catch (error) {
      const problem = toApiError(error)
      notify.error('Failed to update paste', problem.message)
    }
  }

  const allowed = paste !== undefined && (isLocalId(id) || canManage(paste, userId))
  return (
    <PageContainer narrow>
      <PageHeader title="Edit paste" icon={FilePen} description={paste ? paste.title || 'Untitled paste' : undefined} />
      {paste === undefined && (state.status === 'loading' || state.status === 'moved') && (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the paste">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      )}
      {paste === undefined && (state.status === 'missing' || state.status === 'error') && (
        <div className="flex flex-col items-start gap-4 rounded-xl border p-6">
          <p className="font-medium">{state.status === 'error' ? state.message : 'This paste does not exist, has expired, or is private.'}</p>
          <Link className={buttonVariants({ variant: 'outline' })} to="/pastes">
            Browse pastes
          </Link>
        </div>
      )}
      {paste !== undefined && !allowed && (
        <div className="flex flex-col items-start gap-4 rounded-xl border p-6">
          <p className="font-medium">Only the author of this paste can edit it.</p>
          <p className="text-sm text-muted-foreground">Sign in with the account that made it, or use the browser it was made in.</p>
          <Link className={buttonVariants({ variant: 'outline' })} to={`/paste/${id}`}>
            Back to the paste
          </Link>
        </div>
      )}
      {paste !== undefined && allowed && values !== null && (
        <PasteForm
          values={values}
          onChange={setValues}
          onSubmit={save}
          submitLabel="Save changes"
          signedIn={userId !== null}
          currentExpiry={expiresIn(paste.expirationDate)}
        />
      )}
    </PageContainer>
  )
}
