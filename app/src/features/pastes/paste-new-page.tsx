import { FilePlus2, HardDrive, MemoryStick } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { toApiError } from '@/lib/api/client'
import { forgetDraft, keepDraft, readDraft } from '@/lib/drafts'
import { notify } from '@/lib/notify'
import { PASTES_OFFLINE_NOTE, useOfflineNote } from '@/lib/offline-note'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'
import { useCurrentUserId } from '@/features/pastes/current-user'
import { EMPTY_PASTE, PasteForm, type PasteFormValues } from '@/features/pastes/paste-form'
import type { ExpiryId } from '@/features/pastes/paste-options'
import { CannotEncrypt, createEncrypted, createOrQueue } from '@/features/pastes/save-paste'

// What is typed here survives a reload or a crash until the paste is created (or sign-out), unless it
// is to be encrypted: that draft stays in memory only (lib/drafts.ts says why).
const DRAFT = 'paste-new'
const isDraft = (value: unknown): value is PasteFormValues =>
  typeof value === 'object' && value !== null && typeof (value as PasteFormValues).content === 'string'

export default function PasteNewPage() {
  usePageMetadata({ title: 'New paste', description: 'Create a public, unlisted or private paste.', path: '/paste/new' })
  useOfflineNote(PASTES_OFFLINE_NOTE)
  const navigate = useNavigate()
  const userId = useCurrentUserId()
  const [values, setValues] = useState<PasteFormValues>(() => ({ ...EMPTY_PASTE, ...readDraft(DRAFT, EMPTY_PASTE, isDraft), expiry: 'never' }))

  useEffect(() => {
    // A secret draft at once, so no stored copy outlives the switch; a plain one once typing pauses.
    if (values.encrypt) return keepDraft(DRAFT, values, { secret: true })
    const timer = window.setTimeout(() => {
      if (values.content || values.title) keepDraft(DRAFT, values, { secret: false })
      else forgetDraft(DRAFT)
    }, 300)
    return () => window.clearTimeout(timer)
  }, [values])

  const create = async (submitted: PasteFormValues) => {
    // Never publish what was meant to be private: without a session, refuse instead of downgrading.
    if (submitted.privacy === 'private' && !userId) {
      notify.error('Failed to create paste', 'Sign in to make private pastes.')
      return
    }
    const privacy = submitted.privacy
    if (submitted.encrypt) {
      try {
        const { paste, key } = await createEncrypted(
          { title: submitted.title.trim(), language: submitted.language, content: submitted.content },
          { privacy: privacy === 'private' ? 'private' : 'unlisted', burn_after_read: submitted.burnAfterRead },
          submitted.expiry as ExpiryId,
        )
        forgetDraft(DRAFT)
        notify.success('Encrypted paste created', 'Share the whole link: the part after # is its key.')
        void navigate(`/paste/${paste.id}#${key}`, { state: { created: paste } })
      } catch (error) {
        notify.error('Failed to create paste', error instanceof CannotEncrypt ? error.message : toApiError(error).message)
      }
      return
    }
    try {
      const outcome = await createOrQueue(
        { title: submitted.title.trim(), content: submitted.content, language: submitted.language, privacy, burn_after_read: submitted.burnAfterRead },
        submitted.expiry as ExpiryId,
        userId,
      )
      forgetDraft(DRAFT)
      if (outcome.kind === 'saved') {
        notify.success('Paste created')
        // The view shows the paste from here, so opening it does not burn a burn-after-reading paste.
        void navigate(`/paste/${outcome.paste.id}`, { state: { created: outcome.paste } })
      } else {
        notify.info('Saved on this device', 'It will be published when you are back online.')
        void navigate(`/paste/${outcome.id}`)
      }
    } catch (error) {
      notify.error('Failed to create paste', toApiError(error).message)
    }
  }

  return (
    <PageContainer narrow>
      <PageHeader title="New paste" description="Write or paste text, choose who can see it and when it expires." icon={FilePlus2} />
      <PasteForm values={values} onChange={setValues} onSubmit={create} submitLabel="Create paste" signedIn={userId !== null} encryptable />
      <DraftNote secret={values.encrypt === true} />
    </PageContainer>
  )
}

/** Where this draft is kept: the writer of a shared computer's browser should know. */
function DraftNote({ secret }: { secret: boolean }) {
  const Icon = secret ? MemoryStick : HardDrive
  return (
    <p className="mt-4 flex items-start gap-2 text-xs text-muted-foreground" data-testid="draft-note">
      <Icon className="mt-px size-3.5 shrink-0" aria-hidden />
      {secret
        ? 'This draft is kept in this page’s memory only, never stored in this browser: reloading the page loses it.'
        : 'Your draft is kept in this browser until you create the paste or sign out.'}
    </p>
  )
}
