import { FilePen } from 'lucide-react'
import { useParams } from 'react-router'
import { ComingSoon } from '@/components/coming-soon'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function PasteEditPage() {
  const { id = '' } = useParams()
  usePageMetadata({ title: 'Edit paste', description: 'Edit one of your pastes.', path: `/paste/${encodeURIComponent(id)}/edit`, noindex: true })
  return (
    <ComingSoon title="Edit paste" description="Owners will be able to edit their pastes here." icon={FilePen}>
      <p className="text-sm text-muted-foreground">
        Editing paste <code className="rounded bg-muted px-1.5 py-0.5 break-all">{id}</code> becomes available once pastes arrive.
      </p>
    </ComingSoon>
  )
}
