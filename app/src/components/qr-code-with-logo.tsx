import { Download } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { notify } from '@/lib/notify'
import { qrWithLogo, siteLogo, svgToPng, type QrWithLogo } from '@/lib/qr-logo'
import { cn } from '@/lib/utils'

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const anchor = Object.assign(document.createElement('a'), { href: url, download: name })
  anchor.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** A scannable code for `value` with the site's logo, and its SVG and PNG downloads (made in the browser). */
export function QrCodeWithLogo({ value, label, fileName, className }: { value: string; label: string; fileName: string; className?: string }) {
  const [logo, setLogo] = useState<string | null>(null)
  useEffect(() => {
    let active = true
    siteLogo().then(
      (svg) => active && setLogo(svg),
      () => active && setLogo(''), // no logo to be had: the code alone, still scannable
    )
    return () => {
      active = false
    }
  }, [])
  const code: QrWithLogo | null = useMemo(() => (logo === null ? null : qrWithLogo(value, logo)), [value, logo])
  const source = useMemo(() => (code ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.svg)}` : undefined), [code])

  const savePng = async () => {
    if (!code) return
    try {
      download(await svgToPng(code.svg, code.modules), `${fileName}.png`)
    } catch (error) {
      notify.error('Could not make the PNG', error instanceof Error ? error.message : String(error))
    }
  }

  return (
    <div className="flex flex-col items-center gap-2">
      {source ? <img src={source} alt={label} className={cn('rounded-lg border bg-white', className)} /> : <div className={cn('animate-pulse rounded-lg border bg-muted', className)} aria-hidden />}
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" disabled={!code} onClick={() => code && download(new Blob([code.svg], { type: 'image/svg+xml' }), `${fileName}.svg`)}>
          <Download aria-hidden />
          SVG
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={!code} onClick={() => void savePng()}>
          <Download aria-hidden />
          PNG
        </Button>
      </div>
    </div>
  )
}
