import { Link } from 'react-router'
import { deleteModeratedPaste } from '@/features/admin/api/delete-moderated-paste'
import { deleteModeratedShortLink } from '@/features/admin/api/delete-moderated-short-link'
import { listModeratedPastes, type ModeratedPaste } from '@/features/admin/api/list-moderated-pastes'
import { listModeratedShortLinks, type ModeratedShortLink } from '@/features/admin/api/list-moderated-short-links'
import { formatWhen } from '@/features/admin/format-when'
import { ModerationList } from '@/features/admin/moderation-list'
import { countOf } from '@/lib/plural'

function Meta({ parts }: { parts: string[] }) {
  return <p className="text-xs text-muted-foreground">{parts.join(' · ')}</p>
}

function PasteItem({ paste }: { paste: ModeratedPaste }) {
  return (
    <>
      <Link to={`/paste/${paste.id}`} className="font-medium break-words underline-offset-4 hover:underline">
        {paste.title || 'Untitled'}
      </Link>
      <Meta parts={[paste.author_email ?? 'Anonymous', formatWhen(paste.created_at), paste.language, countOf(paste.views, 'view'), countOf(paste.likes, 'like')]} />
      <p className="mt-1 line-clamp-2 font-mono text-xs break-all text-muted-foreground">
        {paste.excerpt ?? <span className="font-sans italic">Burn after reading: the text is shown to its one reader only.</span>}
      </p>
    </>
  )
}

function ShortLinkItem({ shortLink }: { shortLink: ModeratedShortLink }) {
  const clicks = shortLink.max_clicks === null ? countOf(shortLink.clicks, 'click') : `${shortLink.clicks} of ${countOf(shortLink.max_clicks, 'click')}`
  const expiry = shortLink.expires_at ? `expires ${formatWhen(shortLink.expires_at)}` : 'never expires'
  return (
    <>
      <p className="font-mono font-medium break-all">/s/{shortLink.short_code}</p>
      <a href={shortLink.original_url} rel="noopener noreferrer nofollow" target="_blank" className="break-all text-primary underline-offset-4 hover:underline">
        {shortLink.original_url}
      </a>
      <Meta parts={[shortLink.owner_email ?? 'Anonymous', formatWhen(shortLink.created_at), clicks, expiry]} />
    </>
  )
}

/** Moderation: recent public pastes and live short links, each deletable for everyone. */
export function Moderation() {
  return (
    <>
      <ModerationList
        id="moderated-pastes"
        title="Public pastes"
        description="The newest public pastes that have not expired. Unlisted and private pastes are never shown here."
        searchPlaceholder="ID or title"
        noun="paste"
        load={listModeratedPastes}
        remove={deleteModeratedPaste}
        keyOf={(paste) => paste.id}
        labelOf={(paste) => `“${paste.title || 'Untitled'}” (${paste.id})`}
        render={(paste) => <PasteItem paste={paste} />}
      />
      <ModerationList
        id="moderated-short-links"
        title="Short links"
        description="The newest short links that still redirect, from visitors and users alike."
        searchPlaceholder="Code or destination"
        noun="short link"
        load={listModeratedShortLinks}
        remove={deleteModeratedShortLink}
        keyOf={(shortLink) => shortLink.short_code}
        labelOf={(shortLink) => `/s/${shortLink.short_code}`}
        render={(shortLink) => <ShortLinkItem shortLink={shortLink} />}
      />
    </>
  )
}
