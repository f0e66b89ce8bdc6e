import { ServerOff } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

/** The BFF answered 503 "Translation engine is not configured": say so, and how an operator fixes it. */
export function EngineMissingPanel({ message }: { message: string }) {
  return (
    <Card role="region" aria-labelledby="engine-missing-title" className="border-warning/60">
      <CardHeader>
        <CardTitle id="engine-missing-title" className="flex items-center gap-2 text-base">
          <ServerOff className="size-5 text-warning" aria-hidden />
          No translation engine is configured
        </CardTitle>
        <CardDescription>{message}. Translations run on a LibreTranslate server that the operator of this site connects.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p>To configure one (operators):</p>
        <ol className="list-decimal space-y-2 pl-5">
          <li>Run a LibreTranslate server, for example the <code className="rounded bg-muted px-1">libretranslate/libretranslate</code> container, or <code className="rounded bg-muted px-1">libretranslate --load-only en,de,fr,es</code>.</li>
          <li>
            Set <code className="rounded bg-muted px-1">LIBRETRANSLATE_URL</code> for the BFF to its address (and <code className="rounded bg-muted px-1">LIBRETRANSLATE_API_KEY</code> if it uses API keys).
          </li>
          <li>Restart the BFF; this page then lists the engine&apos;s languages.</li>
        </ol>
      </CardContent>
    </Card>
  )
}
