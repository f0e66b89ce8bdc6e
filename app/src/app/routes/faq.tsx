import { ChevronDown, CircleHelp } from 'lucide-react'
import { Link } from 'react-router'
import { PageContainer } from '@/components/page-container'
import { lastUpdated } from '@/app/routes/last-updated'
import { PageHeader } from '@/components/page-header'
import { appName } from '@/config'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

const QUESTIONS = [
  { q: 'Is the toolkit free?', a: 'Yes. Every tool is free to use. Some tools need a free account because they store results for you.' },
  { q: 'Which tools need an account?', a: 'The file converter, translator and colour picker ask you to sign in. Everything else works without one.' },
  { q: 'Do you keep my files?', a: 'Files you upload are processed and then discarded. Tools like the password generator and text cleaner never leave your browser.' },
  { q: 'Can I install it like an app?', a: 'Yes. On iPhone and iPad open it in Safari, tap the share icon, then “Add to Home Screen”. Other browsers offer an install button in their menu.' },
  { q: 'Does it work offline?', a: 'The app itself opens offline once you have visited it. Tools that need our servers, such as the converter, wait until you are back online.' },
  { q: 'How do I switch between light and dark mode?', a: 'Use the sun or moon button in the header. “System” follows your device setting and is the default.' },
  { q: 'How long do short links and pastes last?', a: 'Until the expiry date you choose, or indefinitely if you set none. Expired ones stop working automatically.' },
] as const

export default function FaqPage() {
  usePageMetadata({
    title: 'FAQ',
    description: `Answers to common questions about ${appName}.`,
    keywords: ['faq', 'questions', 'help'],
    path: '/faq',
  })
  return (
    <PageContainer narrow>
      <PageHeader title="Frequently asked questions" description="Short answers to the questions we hear most." icon={CircleHelp} eyebrow={lastUpdated('faq')} />
      <div className="flex flex-col gap-3">
        {QUESTIONS.map(({ q, a }) => (
          <details key={q} className="group rounded-xl border bg-card/80 shadow-sm open:shadow-md">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl p-4 font-medium focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
              {q}
              <ChevronDown className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden />
            </summary>
            <p className="px-4 pb-4 text-muted-foreground">{a}</p>
          </details>
        ))}
      </div>
      <p className="mt-8 text-sm text-muted-foreground">
        Still stuck?{' '}
        <Link to="/help" className="text-primary hover:underline">
          Contact us from the help page
        </Link>
        .
      </p>
    </PageContainer>
  )
}
