import { CloudOff, Eye, FileText, Flame, Heart, KeyRound, Lock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { QrCodeWithLogo } from '@/components/qr-code-with-logo'
import { Badge } from '@/components/ui/badge'
import { buttonVariants } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { PASTES_OFFLINE_NOTE, useOfflineNote } from '@/lib/offline-note'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'
import type { NewPaste } from '@/features/pastes/api/paste-types'
import { useCurrentUserId } from '@/features/pastes/current-user'
import { HighlightedCode } from '@/features/pastes/highlighted-code'
import { PasteActions } from '@/features/pastes/paste-actions'
import { expiresIn, languageLabel, PRIVACY_OPTIONS } from '@/features/pastes/paste-options'
import { usePaste, type PasteSource } from '@/features/pastes/use-paste'
import { CopyButton } from '@/components/copy-button'
import { useLoadDelay } from '@/features/pastes/use-load-delay'
import { KEY_PROBLEMS } from '@/features/pastes/paste-crypto'
import { useOpenedPaste } from '@/features/pastes/use-opened-paste'
import { countOf } from '@/lib/plural'

const NOTES: Partial<Record<PasteSource, { icon: typeof CloudOff; text: string }>> = {
  queued: { icon: CloudOff, text: 'Saved on this device. It will be published, and get its link, when you are back online.' },
  'offline-copy': { icon: CloudOff, text: 'You are offline: this is the copy saved in this browser.' },
}

export default function PasteViewPage() {
  const { id = '' } = useParams()
  const location = useLocation()
  const navigate = useNavigate()
  const created = (location.state as { created?: NewPaste } | null)?.created ?? null
  const state = usePaste(id, created)
  const showSkeleton = useLoadDelay(state.status === 'loading' || state.status === 'moved')
  const userId = useCurrentUserId()
  // The count a like answered with, for the paste it was given to (another paste shows its own).
  const [liked, setLiked] = useState<{ id: string; likes: number } | null>(null)
  const likes = liked?.id === id ? liked.likes : null
  // An encrypted paste is opened here, with the key after # (never sent anywhere); its title stays
  // out of the tab's title and the history.
  const opened = useOpenedPaste(state.status === 'ready' ? state.paste : null, location.hash)
  const encrypted = state.status === 'ready' && state.paste.encrypted === true
  const shown = opened && 'paste' in opened ? opened.paste : null
  const title = encrypted ? shown?.title || 'Encrypted paste' : state.status === 'ready' ? state.paste.title || 'Untitled paste' : 'Paste'
  usePageMetadata({ title: encrypted ? 'Encrypted paste' : title, description: 'View a shared paste.', path: `/paste/${encodeURIComponent(id)}`, noindex: true })
  useOfflineNote(PASTES_OFFLINE_NOTE)

  useEffect(() => {
    if (state.status === 'moved') void navigate(`/paste/${state.id}`, { replace: true })
  }, [state, navigate])

  if (state.status !== 'ready') {
    return (
      <PageContainer narrow>
        <PageHeader title="Paste" icon={FileText} />
        {state.status === 'loading' || state.status === 'moved' ? (
          <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the paste">
            {showSkeleton && (
              <>
                <Skeleton className="h-6 w-1/2" />
                <Skeleton className="h-64 w-full" />
              </>
            )}
          </div>
        ) : (
          <div className="flex flex-col items-start gap-4 rounded-xl border p-6">
            <p className="text-base font-medium">
              {state.status === 'missing' ? 'This paste does not exist, has expired, or is private.' : state.message}
            </p>
            <p className="text-sm text-muted-foreground">
              Burn-after-reading pastes disappear once read; private pastes open only for their owner, signed in.
            </p>
            <Link className={buttonVariants({ variant: 'outline' })} to="/pastes">
              Browse pastes
            </Link>
          </div>
        )}
      </PageContainer>
    )
  }

  const { source } = state
  const paste = shown ?? { ...state.paste, content: undefined }
  const published = source !== 'queued'
  // The whole link, with the key for an encrypted paste: what the author shares.
  const link = `${window.location.origin}/paste/${paste.id}${encrypted ? location.hash : ''}`
  const rawLink = published && !encrypted && !paste.burnAfterRead && paste.privacy !== 'private' ? `${window.location.origin}/api/pastes/${paste.id}/raw` : null
  const note = NOTES[source]
  const privacy = PRIVACY_OPTIONS.find((option) => option.id === paste.privacy)

  return (
    <PageContainer>
      <PageHeader title={title} icon={FileText}>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {encrypted && (
            <Badge variant="secondary">
              <KeyRound aria-hidden />
              Encrypted in the browser
            </Badge>
          )}
          {shown && <Badge variant="secondary">{languageLabel(paste.language)}</Badge>}
          <Badge variant={paste.privacy === 'private' ? 'default' : 'outline'}>
            {paste.privacy === 'private' && <Lock aria-hidden />}
            {privacy?.label}
          </Badge>
          {paste.burnAfterRead && (
            <Badge variant="destructive">
              <Flame aria-hidden />
              Burn after reading
            </Badge>
          )}
          {source === 'queued' && <Badge variant="outline">Pending sync</Badge>}
          <span className="flex items-center gap-1" data-testid="paste-views">
            <Eye className="size-4" aria-hidden />
            {countOf(paste.views, 'view')}
          </span>
          <span className="flex items-center gap-1" data-testid="paste-likes">
            <Heart className="size-4" aria-hidden />
            {countOf(likes ?? paste.likes, 'like')}
          </span>
          <span>
            <time dateTime={paste.createdAt}>{new Date(paste.createdAt).toLocaleString()}</time> · {expiresIn(paste.expirationDate)}
          </span>
        </div>
      </PageHeader>

      {note && (
        <p role="status" className="mb-4 flex items-center gap-2 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
          <note.icon className="size-4 shrink-0" aria-hidden />
          {note.text}
        </p>
      )}
      {(source === 'just-created' || source === 'own-copy') && paste.burnAfterRead && (
        <p role="status" className="mb-4 flex items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <Flame className="size-4 shrink-0 text-destructive" aria-hidden />
          Share the link below once: the first person to open it reads the paste, then it is deleted.
        </p>
      )}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <PasteActions paste={paste} userId={userId} published={published} onLikes={(count) => setLiked({ id, likes: count })} />
          {opened?.status === 'locked' ? (
            <div role="alert" className="flex flex-col gap-2 rounded-xl border border-destructive/40 bg-destructive/5 p-5">
              <p className="flex items-center gap-2 font-medium">
                <KeyRound className="size-4 shrink-0 text-destructive" aria-hidden />
                {KEY_PROBLEMS[opened.problem]}
              </p>
              <p className="text-sm text-muted-foreground">This paste was encrypted in its author’s browser. Our server holds only ciphertext and never had the key, so it cannot open it for you.</p>
            </div>
          ) : opened?.status === 'opening' ? (
            <p className="text-sm text-muted-foreground" aria-busy="true">Decrypting in your browser…</p>
          ) : (
            <HighlightedCode code={paste.content ?? ''} language={paste.language} label={`Content of ${title}`} className="max-h-[70vh]" />
          )}
        </div>
        {published && (!encrypted || opened?.status === 'open') && (
          <Card variant="glass" className="h-fit">
            <CardHeader>
              <CardTitle className="text-base">Share</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col items-center gap-3">
              <QrCodeWithLogo value={link} label={`QR code for ${encrypted ? 'this paste’s whole link' : link}`} fileName={`qr-paste-${paste.id}`} className="size-40" />
              <div className="flex w-full items-center gap-2">
                <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs" data-testid="paste-link">
                  {link}
                </code>
                <CopyButton value={link} label="Copy link" className="size-8" />
              </div>
              {encrypted && <p className="text-xs text-muted-foreground">The part after # is the key: share the whole link.</p>}
              {rawLink && (
                <div className="flex w-full items-center gap-2">
                  <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs" data-testid="paste-raw-link">
                    {rawLink}
                  </code>
                  <CopyButton value={rawLink} label="Copy raw text link" className="size-8" />
                </div>
              )}
            </CardContent>
          </Card>
        )}
      </div>
    </PageContainer>
  )
}
