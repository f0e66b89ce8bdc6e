import { QrCodeWithLogo } from '@/components/qr-code-with-logo'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'

/**
 * The QR code of a short link at any time (a row of "My links", its statistics), not only right after
 * making it: the same code, logo and PNG/SVG downloads as the new link's. Its own chunk, loaded when
 * asked for (short-link-qr-button.tsx): the dialog is not part of the page's first load.
 */
export default function ShortLinkQrDialog({ shortUrl, shortCode, onClose }: { shortUrl: string; shortCode: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
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
