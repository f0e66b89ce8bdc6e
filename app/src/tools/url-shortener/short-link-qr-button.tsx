import { QrCode } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/button'

const ShortLinkQrDialog = lazy(() => import('@/tools/url-shortener/short-link-qr-dialog'))

/** Opens a short link's QR code (short-link-qr-dialog.tsx, fetched on the first click); focus comes back here when it closes. */
export function ShortLinkQrButton({ shortUrl, shortCode, withLabel = false, className }: { shortUrl: string; shortCode: string; withLabel?: boolean; className?: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant={withLabel ? 'outline' : 'ghost'}
        size={withLabel ? 'sm' : 'icon'}
        className={className}
        aria-label={withLabel ? undefined : `QR code of ${shortUrl}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <QrCode aria-hidden />
        {withLabel && 'QR code'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ShortLinkQrDialog shortUrl={shortUrl} shortCode={shortCode} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
