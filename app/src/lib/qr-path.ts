// Shared by every QR drawing in the app (the QR generator's preview, a short link's code).
/** One SVG path for all dark modules: small and crisp at any display size. */
export function matrixPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = []
  modules.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x += 1
        continue
      }
      const start = x
      while (x < row.length && row[x]) x += 1
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`)
    }
  })
  return parts.join('')
}
