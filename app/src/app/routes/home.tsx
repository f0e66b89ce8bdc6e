import { ArrowRight, History, ShieldCheck, Sparkles, WifiOff, Zap } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PageContainer } from '@/components/page-container'
import { ToolCard } from '@/components/tool-card'
import { Button } from '@/components/ui/button'
import { appName } from '@/config'
import { readRecentToolPaths } from '@/features/recent-tools/recent-tools'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'
import { findToolByPath, tools } from '@/tools'
import { DEAD_LINK_PARAM } from '@/tools/url-shortener/dead-link-param'

// Only after a dead short link (/?link=…): its notice loads then, not with every first visit (JS budget).
const DeadLinkNotice = lazy(() => import('@/tools/url-shortener/dead-link-notice'))

const HIGHLIGHTS = [
  { icon: Zap, label: 'Fast and lightweight' },
  { icon: ShieldCheck, label: 'Private by default' },
  { icon: WifiOff, label: 'Opens offline' },
] as const

export function HomePage() {
  usePageMetadata({
    title: 'Home',
    description: 'A toolbox of small, fast utilities: convert files, translate text, make QR codes, generate passwords, shorten links and more.',
    keywords: ['toolkit', 'online tools', 'converter', 'qr code', 'password generator', 'url shortener'],
    path: '/',
  })
  const [recentTools] = useState(() => readRecentToolPaths().flatMap((path) => findToolByPath(path) ?? []))
  const featured = tools.filter((tool) => tool.featured)
  // Read once: the notice takes the reason out of the address as soon as it shows.
  const [params] = useSearchParams()
  const [deadLink] = useState(() => params.has(DEAD_LINK_PARAM))

  return (
    <PageContainer className="flex flex-col gap-16 sm:gap-20">
      {deadLink && (
        <Suspense fallback={null}>
          <DeadLinkNotice />
        </Suspense>
      )}
      <section aria-labelledby="hero-title" className="flex flex-col items-center gap-6 pt-4 text-center sm:pt-10">
        <span className="glass inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-medium text-muted-foreground">
          <Sparkles className="size-3.5 text-primary" aria-hidden />
          {tools.length} tools, one place
        </span>
        <h1 id="hero-title" className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          Everyday tools,{' '}
          <span className="bg-gradient-to-r from-indigo-500 via-violet-500 to-sky-500 bg-clip-text text-transparent dark:from-indigo-300 dark:via-violet-300 dark:to-sky-300">
            beautifully simple
          </span>
        </h1>
        <p className="max-w-xl text-base text-pretty text-muted-foreground sm:text-lg">
          {appName} converts files, translates text, makes QR codes, generates passwords, shortens links and more — right in your browser.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/all-tools">
              Browse all tools
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/password-generator">Generate a password</Link>
          </Button>
        </div>
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
          {HIGHLIGHTS.map(({ icon: Icon, label }) => (
            <li key={label} className="flex items-center gap-1.5">
              <Icon className="size-4 text-primary" aria-hidden />
              {label}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-title" className="flex flex-col gap-5">
        <div className="flex items-end justify-between gap-4">
          <div>
            <h2 id="featured-title" className="text-xl font-bold tracking-tight sm:text-2xl">
              Featured tools
            </h2>
            <p className="text-sm text-muted-foreground">The ones people reach for most.</p>
          </div>
          <Link to="/all-tools" className="shrink-0 text-sm font-medium text-primary hover:underline">
            See all
          </Link>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {featured.map((tool) => (
            <li key={tool.path}>
              <ToolCard tool={tool} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="recent-title" className="flex flex-col gap-5">
        <div className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden />
          <h2 id="recent-title" className="text-xl font-bold tracking-tight sm:text-2xl">
            Recently used
          </h2>
        </div>
        {recentTools.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {recentTools.map((tool) => (
              <li key={tool.path}>
                <ToolCard tool={tool} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
            Tools you open will show up here for quick access.
          </p>
        )}
      </section>
    </PageContainer>
  )
}
