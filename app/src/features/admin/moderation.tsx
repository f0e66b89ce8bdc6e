import { Link } from 'react-router'
import { deleteModeratedLink, deleteModeratedPaste, listModeratedLinks, listModeratedPastes, type ModeratedLink, type ModeratedPaste } from '@/features/admin/api/moderation'
import { formatWhen } from '@/features/admin/format-when'
import { ModerationList } from '@/features/admin/moderation-list'

function Meta({ parts }: { parts: string[] }) {
  return <p className="text-xs text-muted-foreground">{parts.join(' · ')}</p>
}

function PasteItem({ paste }: { paste: ModeratedPaste }) {
  return (
    <>
      <Link to={`/paste/${paste.id}`} className="font-medium break-words underline-offset-4 hover:underline">
        {paste.title || 'Untitled'}
      </Link>
      <Meta parts={[paste.author_email ?? 'Anonymous', formatWhen(paste.created_at), paste.language, `${paste.views} views`, `${paste.likes} likes`]} />
      <p className="mt-1 line-clamp-2 font-mono text-xs break-all text-muted-foreground">
        {paste.excerpt ?? <span className="font-sans italic">Burn after reading: the text is shown to its one reader only.</span>}
      </p>
    </>
  )
}

function LinkItem({ link }: { link: ModeratedLink }) {
  const clicks = link.max_clicks === null ? `${link.clicks} clicks` : `${link.clicks} of ${link.max_clicks} clicks`
  const expiry = link.expires_at ? `expires ${formatWhen(link.expires_at)}` : 'never expires'
  return (
    <>
      <p className="font-mono font-medium break-all">/s/{link.short_code}</p>
      <a href={link.original_url} rel="noopener noreferrer nofollow" target="_blank" className="break-all text-primary underline-offset-4 hover:underline">
        {link.original_url}
      </a>
      <Meta parts={[link.owner_email ?? 'Anonymous', formatWhen(link.created_at), clicks, expiry]} />
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
        id="moderated-links"
        title="Short links"
        description="The newest short links that still redirect, from visitors and users alike."
        searchPlaceholder="Code or destination"
        noun="short link"
        load={listModeratedLinks}
        remove={deleteModeratedLink}
        keyOf={(link) => link.short_code}
        labelOf={(link) => `/s/${link.short_code}`}
        render={(link) => <LinkItem link={link} />}
      />
    </>
  )
}
