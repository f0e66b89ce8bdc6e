import { ExternalLink } from 'lucide-react'
import { CopyButton } from '@/components/copy-button'
import { QrCodeWithLogo } from '@/components/qr-code-with-logo'
import { Button } from '@/components/ui/button'
import type { ApiSchemas } from '@/lib/api/client'
import { formatExpiry } from '@/tools/url-shortener/url-shortener.service'

export function ShortLinkResult({ shortLink }: { shortLink: ApiSchemas['ShortLink'] }) {
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start" aria-live="polite">
      <div className="shrink-0 self-center sm:self-start">
        <QrCodeWithLogo value={shortLink.short_url} label={`QR code for ${shortLink.short_url}`} fileName={`qr-${shortLink.short_code}`} className="size-36" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-center gap-2 rounded-lg border bg-muted/40 py-2 pr-2 pl-3">
          <a href={shortLink.short_url} data-testid="short-url" className="min-w-0 flex-1 truncate font-mono text-base font-medium text-primary underline-offset-4 hover:underline">
            {shortLink.short_url}
          </a>
          <CopyButton value={shortLink.short_url} label="Copy short link" />
          <Button variant="outline" size="icon" asChild>
            <a href={shortLink.short_url} target="_blank" rel="noreferrer" aria-label="Open short link in a new tab">
              <ExternalLink aria-hidden />
            </a>
          </Button>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Goes to</dt>
          <dd className="min-w-0 truncate" title={shortLink.original_url}>
            {shortLink.original_url}
          </dd>
          <dt className="text-muted-foreground">Expires</dt>
          <dd>{formatExpiry(shortLink.expires_at)}</dd>
          <dt className="text-muted-foreground">Click limit</dt>
          <dd>{shortLink.max_clicks ?? 'None'}</dd>
          <dt className="text-muted-foreground">Password</dt>
          <dd>{shortLink.protected ? 'Asked before it opens' : 'None'}</dd>
        </dl>
      </div>
    </div>
  )
}
