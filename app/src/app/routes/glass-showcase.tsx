import { Layers } from 'lucide-react'
import { GlassShowcasePanel } from '@/app/routes/glass-showcase-panel'
import { GlassShowcaseInteractive } from '@/app/routes/glass-showcase-interactive'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { TooltipProvider } from '@/components/ui/tooltip'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

export default function GlassShowcasePage() {
  usePageMetadata({
    title: 'Glass showcase',
    description: 'A gallery of the toolkit’s glass-style cards and controls in light and dark themes.',
    keywords: ['design system', 'ui kit', 'glass'],
    path: '/glass-showcase',
  })
  return (
    <TooltipProvider>
    <PageContainer>
      <PageHeader title="Glass showcase" description="The UI kit’s glass-style cards and controls, in both themes side by side." icon={Layers} />
      <div className="grid gap-6 lg:grid-cols-2">
        <GlassShowcasePanel theme="light" />
        <GlassShowcasePanel theme="dark" />
      </div>
      <GlassShowcaseInteractive />
    </PageContainer>
    </TooltipProvider>
  )
}
