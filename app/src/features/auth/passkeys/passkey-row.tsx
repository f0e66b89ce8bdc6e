import type { PasskeyListItem } from '@supabase/supabase-js'
import { Check, KeyRound, Pencil, Trash2, X } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { passkeyNameError, passkeyUsage } from '@/features/auth/passkeys/passkey-name'

interface PasskeyRowProps {
  passkey: PasskeyListItem
  onRename: (passkey: PasskeyListItem, name: string) => Promise<boolean>
  onRemove: (passkey: PasskeyListItem) => Promise<void>
}

/** One passkey: its name and dates, renamed in place, removed with one click. */
export function PasskeyRow({ passkey, onRename, onRemove }: PasskeyRowProps) {
  const name = passkey.friendly_name || 'Passkey'
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(name)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = passkeyNameError(draft, { required: true })
    setError(problem)
    if (problem) return
    setBusy(true)
    const saved = await onRename(passkey, draft.trim())
    setBusy(false)
    if (saved) setEditing(false) // a refused name stays in the field to fix
  }

  const remove = async () => {
    setBusy(true)
    await onRemove(passkey)
    setBusy(false)
  }

  if (editing) {
    return (
      <li className="rounded-lg border px-3 py-2">
        <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-2" aria-label={`Rename ${name}`}>
          <FormField label="New name" name="passkey-new-name" autoComplete="off" value={draft} onChange={(event) => setDraft(event.target.value)} error={error} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={busy}>
              <Check aria-hidden />
              Save name
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
              <X aria-hidden />
              Cancel
            </Button>
          </div>
        </form>
      </li>
    )
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border px-3 py-2">
      <span className="flex min-w-0 items-start gap-2 text-sm">
        <KeyRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0">
          <span className="block font-medium wrap-anywhere">{name}</span>
          <span className="block text-xs text-muted-foreground">{passkeyUsage(passkey.created_at, passkey.last_used_at)}</span>
        </span>
      </span>
      <span className="flex shrink-0 gap-1">
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Rename ${name}`}>
          <Pencil aria-hidden />
          Rename
        </Button>
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => void remove()} aria-label={`Remove ${name}`}>
          <Trash2 aria-hidden />
          Remove
        </Button>
      </span>
    </li>
  )
}
