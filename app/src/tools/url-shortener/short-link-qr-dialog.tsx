import { QrCode } from 'lucide-react'
import { QrCodeWithLogo } from '@/components/qr-code-with-logo'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'

/**
 * The QR code of a short link at any time (a row of "My links", its statistics), not only right after
 * making it: the same code, logo and PNG/SVG downloads as the new link's.
 */
export function ShortLinkQrDialog({ shortUrl, shortCode, withLabel = false, className }: { shortUrl: string; shortCode: string; withLabel?: boolean; className?: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant={withLabel ? 'outline' : 'ghost'} size={withLabel ? 'sm' : 'icon'} className={className} aria-label={withLabel ? undefined : `QR code of ${shortUrl}`}>
          <QrCode aria-hidden />
          {withLabel && 'QR code'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>QR code</DialogTitle>
          <DialogDescription className="break-all">{shortUrl}</DialogDescription>
        </DialogHeader>
        <div className="flex justify-center">
          <QrCodeWithLogo value={shortUrl} label={`QR code for ${shortUrl}`} fileName={`qr-${shortCode}`} className="size-56" />
        </div>
      </DialogContent>
    </Dialog>
  )
}
