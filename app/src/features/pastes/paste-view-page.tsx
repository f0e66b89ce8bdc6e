import { FileText } from 'lucide-react'
import { useParams } from 'react-router'
import { ComingSoon } from '@/components/coming-soon'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function PasteViewPage() {
  const { id = '' } = useParams()
  usePageMetadata({ title: 'Paste', description: 'View a shared paste.', path: `/paste/${encodeURIComponent(id)}`, noindex: true })
  return (
    <ComingSoon title="Paste" description="Shared pastes will be readable here." icon={FileText}>
      <p className="text-sm text-muted-foreground">
        Paste <code className="rounded bg-muted px-1.5 py-0.5 break-all">{id}</code> can be viewed once pastes arrive.
      </p>
    </ComingSoon>
  )
}
