import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import type { ApiSchemas } from '@/lib/api/client'
import { usePageState } from '@/lib/use-page-state'
import { ShortLinkForm } from '@/tools/url-shortener/short-link-form'
import { ShortLinkResult } from '@/tools/url-shortener/short-link-result'
import { MyShortLinks } from '@/tools/url-shortener/my-short-links'
import { LinkStats } from '@/tools/url-shortener/link-stats'
import { statsLinkId } from '@/tools/url-shortener/link-stats.service'

export default function UrlShortenerPage() {
  // The link just made stays on screen after Back then Forward, or a reload, in this tab.
  const [created, setCreated] = usePageState<ApiSchemas['ShortLink'] | null>('url-shortener:created', null)
  // Bumped on every new link so the signed-in list shows it.
  const [refreshKey, setRefreshKey] = useState(0)
  // A link's page: /url-shortener?stats=<id> (linkable; Back returns to the list).
  const statsFor = statsLinkId(useSearchParams()[0].get('stats'))

  return (
    <div className="flex flex-col gap-6">
      {statsFor && <LinkStats key={statsFor} linkId={statsFor} />}
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Shorten a link</CardTitle>
          <CardDescription>Anyone can create links. Signed-in users also get a list of their links with click counts.</CardDescription>
        </CardHeader>
        <CardContent>
          <ShortLinkForm
            onCreated={(shortLink) => {
              setCreated(shortLink)
              setRefreshKey((key) => key + 1)
            }}
          />
        </CardContent>
      </Card>
      {created && (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Your short link</CardTitle>
          </CardHeader>
          <CardContent>
            <ShortLinkResult shortLink={created} />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle className="text-base">My links</CardTitle>
        </CardHeader>
        <CardContent>
          <MyShortLinks refreshKey={refreshKey} />
        </CardContent>
      </Card>
    </div>
  )
}
