import { useMemo } from 'react'
import { encode } from 'uqr'
import { matrixPath } from '@/lib/qr-path'

/** A plain black-on-white QR code for a value, drawn in the browser (e.g. a short link to scan). */
export function QrCodeSvg({ value, label, className }: { value: string; label: string; className?: string }) {
  const modules = useMemo(() => encode(value, { ecc: 'M', border: 2 }).data, [value])
  const size = modules.length
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className={className}>
      <rect width={size} height={size} fill="#ffffff" />
      <path d={matrixPath(modules)} fill="#000000" />
    </svg>
  )
}
