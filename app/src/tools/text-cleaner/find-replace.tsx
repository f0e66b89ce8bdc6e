import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { findAndReplace, type ReplaceOptions } from '@/tools/text-cleaner/text-cleaner.service'

/** Find and replace over the whole text; reports how many matches it replaced. */
export function FindReplace({ text, onReplace }: { text: string; onReplace: (text: string) => void }) {
  const [options, setOptions] = useState<ReplaceOptions>({ find: '', replace: '', regex: false, caseSensitive: true })
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null)
  const id = useId()

  const run = () => {
    const result = findAndReplace(text, options)
    if ('error' in result) {
      setMessage({ error: true, text: result.error })
      return
    }
    setMessage({ error: false, text: result.count === 1 ? 'Replaced 1 match.' : `Replaced ${result.count} matches.` })
    if (result.count > 0) onReplace(result.text)
  }

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        run()
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-find`}>Find</Label>
          <Input
            id={`${id}-find`}
            value={options.find}
            aria-invalid={message?.error || undefined}
            aria-describedby={message ? `${id}-message` : undefined}
            onChange={(event) => {
              setOptions({ ...options, find: event.target.value })
              setMessage(null)
            }}
            className="font-mono"
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-replace`}>Replace with</Label>
          <Input id={`${id}-replace`} value={options.replace} onChange={(event) => setOptions({ ...options, replace: event.target.value })} className="font-mono" />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <Label className="flex items-center gap-2 font-normal">
          <Checkbox checked={options.regex} onCheckedChange={(checked) => setOptions({ ...options, regex: checked === true })} />
          Regular expression
        </Label>
        <Label className="flex items-center gap-2 font-normal">
          <Checkbox checked={options.caseSensitive} onCheckedChange={(checked) => setOptions({ ...options, caseSensitive: checked === true })} />
          Match case
        </Label>
        <Button type="submit" size="sm" variant="secondary" className="ml-auto" disabled={!options.find}>
          Replace all
        </Button>
      </div>
      {message && (
        <p id={`${id}-message`} role={message.error ? 'alert' : 'status'} className={message.error ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
          {message.text}
        </p>
      )}
    </form>
  )
}
