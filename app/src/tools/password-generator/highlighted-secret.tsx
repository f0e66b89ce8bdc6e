// Digits and symbols in their own colours, so a password read aloud or typed by hand is easier
// to follow (is that an O or a 0?). The text itself is unchanged for copying.
function classFor(char: string): string | undefined {
  if (/[0-9]/.test(char)) return 'text-info'
  if (/[^A-Za-z0-9\s]/.test(char)) return 'text-primary'
  return undefined
}

export function HighlightedSecret({ value }: { value: string }) {
  const runs: { text: string; className: string | undefined }[] = []
  for (const char of value) {
    const className = classFor(char)
    const last = runs.at(-1)
    if (last && last.className === className) last.text += char
    else runs.push({ text: char, className })
  }
  return (
    <>
      {runs.map((run, index) => (
        <span key={index} className={run.className}>
          {run.text}
        </span>
      ))}
    </>
  )
}
