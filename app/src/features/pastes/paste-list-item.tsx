import { Eye, Flame, Heart, KeyRound, Lock } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { expiresIn, languageLabel } from '@/features/pastes/paste-options'
import type { LocalPaste } from '@/features/pastes/paste-store'

export function PasteListItem({ paste }: { paste: LocalPaste }) {
  const title = paste.encrypted ? 'Encrypted paste' : paste.title || 'Untitled paste'
  return (
    <li className="rounded-xl border bg-card/60 transition-colors hover:border-primary/50 has-focus-visible:outline-2 has-focus-visible:outline-ring">
      <Link to={`/paste/${paste.id}`} className="flex flex-col gap-2 p-4 outline-none">
        <span className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 truncate font-medium">{title}</span>
          {paste.encrypted ? (
            <Badge variant="secondary">
              <KeyRound aria-hidden />
              Encrypted
            </Badge>
          ) : (
            <Badge variant="secondary">{languageLabel(paste.language)}</Badge>
          )}
          {paste.privacy !== 'public' && (
            <Badge variant="outline">
              {paste.privacy === 'private' && <Lock aria-hidden />}
              {paste.privacy === 'private' ? 'Private' : 'Unlisted'}
            </Badge>
          )}
          {paste.burnAfterRead && (
            <Badge variant="destructive">
              <Flame aria-hidden />
              Burn after reading
            </Badge>
          )}
          {paste.pending && <Badge variant="outline">Pending sync</Badge>}
        </span>
        <span className="line-clamp-2 font-mono text-xs break-all whitespace-pre-wrap text-muted-foreground">
          {paste.encrypted ? 'Only its whole link opens it.' : paste.preview}
        </span>
        <span className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
          <time dateTime={paste.createdAt}>{new Date(paste.createdAt).toLocaleString()}</time>
          <span className="flex items-center gap-1">
            <Eye className="size-3.5" aria-hidden />
            {paste.views} <span className="sr-only">views</span>
          </span>
          <span className="flex items-center gap-1">
            <Heart className="size-3.5" aria-hidden />
            {paste.likes} <span className="sr-only">likes</span>
          </span>
          {paste.expirationDate && <span>{expiresIn(paste.expirationDate)}</span>}
        </span>
      </Link>
    </li>
  )
}
