import { Lock } from 'lucide-react'
import { useState } from 'react'
import { Field } from '@/components/form-fields'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import type { PasswordRequest } from '@/tools/pdf-editor/use-pdf-document'

/** Asks for a protected PDF's password; the BFF checks it, and a wrong one asks again. */
export function PasswordPrompt({ request, onSubmit, onCancel, disabled }: { request: PasswordRequest; onSubmit: (password: string) => void; onCancel: () => void; disabled?: boolean }) {
  const [password, setPassword] = useState('')
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (password) onSubmit(password)
      }}
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <Lock className="size-4" aria-hidden /> {request.file.name} is password-protected
      </p>
      <Field label="Password" error={request.wrong ? 'That password is not right. Try again.' : undefined}>
        {(props) => (
          // Focus follows the user's own step: opening a protected file, or a wrong password (which remounts
          // this prompt); without it focus would drop to <body> when the Open button goes.
          // eslint-disable-next-line jsx-a11y/no-autofocus -- see above
          <Input {...props} type="password" autoComplete="off" autoFocus value={password} onChange={(event) => setPassword(event.target.value)} />
        )}
      </Field>
      <p className="text-xs text-muted-foreground">Results stay protected with the same password unless you remove it under Security.</p>
      <div className="flex gap-2">
        <Button type="submit" disabled={disabled || !password}>
          Open
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
