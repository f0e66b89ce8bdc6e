import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button, type ButtonProps } from '@/components/ui/button'
import { notify } from '@/lib/notify'

/** Copies `value` to the clipboard; the icon turns into a check for a moment so the user sees it worked. */
export function CopyButton({ value, label = 'Copy', showLabel = false, ...props }: { value: string; label?: string; showLabel?: boolean } & Omit<ButtonProps, 'onClick' | 'value'>) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 1500)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
    } catch {
      notify.error('Could not copy', 'The browser refused access to the clipboard. Select the text and copy it by hand.')
    }
  }

  return (
    <Button variant="outline" size={showLabel ? 'sm' : 'icon'} aria-label={showLabel ? undefined : label} onClick={() => void copy()} disabled={!value} {...props}>
      {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
      {showLabel && (copied ? 'Copied' : label)}
      <span className="sr-only" aria-live="polite">
        {copied ? 'Copied' : ''}
      </span>
    </Button>
  )
}
