import { FilePlus2 } from 'lucide-react'
import { ComingSoon } from '@/components/coming-soon'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function PasteNewPage() {
  usePageMetadata({ title: 'New paste', description: 'Create a public or private paste.', path: '/paste/new' })
  return (
    <ComingSoon title="New paste" description="Write or paste text, choose who can see it and when it expires." icon={FilePlus2}>
      <p className="text-sm text-muted-foreground">Pastes arrive in an upcoming release.</p>
    </ComingSoon>
  )
}
