import { useState } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import type { ApiSchemas } from '@/lib/api/client'
import { LinkCreateForm } from '@/tools/url-shortener/link-form'
import { LinkResult } from '@/tools/url-shortener/link-result'
import { MyLinks } from '@/tools/url-shortener/my-links'

export default function UrlShortenerPage() {
  const [created, setCreated] = useState<ApiSchemas['ShortLink'] | null>(null)
  // Bumped on every new link so the signed-in list shows it.
  const [refreshKey, setRefreshKey] = useState(0)

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Shorten a link</CardTitle>
          <CardDescription>Anyone can create links. Signed-in users also get a list of their links with click counts.</CardDescription>
        </CardHeader>
        <CardContent>
          <LinkCreateForm
            onCreated={(link) => {
              setCreated(link)
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
            <LinkResult link={created} />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle className="text-base">My links</CardTitle>
        </CardHeader>
        <CardContent>
          <MyLinks refreshKey={refreshKey} />
        </CardContent>
      </Card>
    </div>
  )
}
