import { matrixPath, parseHex, type QrMatrix, type QrStyle } from '@/tools/qr-generator/qr-generator.service'

/** The live preview: an SVG of the matrix the browser computed, in the chosen colours. */
export function QrPreview({ matrix, style, label }: { matrix: QrMatrix; style: QrStyle; label: string }) {
  const count = matrix.modules.length
  const foreground = parseHex(style.foreground) ? style.foreground : '#000000'
  const background = style.transparent || !parseHex(style.background) ? 'transparent' : style.background
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="qr-preview"
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      className="aspect-square w-full max-w-72 rounded-lg border bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:16px_16px]"
    >
      {background !== 'transparent' && <rect width={count} height={count} fill={background} />}
      <path d={matrixPath(matrix.modules)} fill={foreground} />
    </svg>
  )
}
