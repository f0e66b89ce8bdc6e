import { KeyRound, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { CopyButton } from '@/components/copy-button'
import { Field } from '@/components/form-fields'
import { SectionCard } from '@/components/section-card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { createApiToken, listApiTokens, revokeApiToken, type ApiToken, type ApiTokenScope, type NewApiToken } from '@/features/auth/account/api/api-tokens'
import { toApiError } from '@/lib/api/client'
import { notify } from '@/lib/notify'

const SCOPES: { id: ApiTokenScope; label: string }[] = [
  { id: 'pastes', label: 'Pastes' },
  { id: 'links', label: 'Short links' },
]

const when = (value: string | null) => (value ? new Date(value).toLocaleString() : 'Never')

function RevokeToken({ token, onRevoked }: { token: ApiToken; onRevoked: () => void }) {
  const [busy, setBusy] = useState(false)
  const revoke = async () => {
    setBusy(true)
    try {
      await revokeApiToken(token.id)
      notify.success('Token revoked', `Scripts using “${token.name}” are refused from now on.`)
      onRevoked()
    } catch (error) {
      notify.error('Could not revoke the token', toApiError(error).message)
      setBusy(false)
    }
  }
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8 text-destructive" aria-label={`Revoke ${token.name}`}>
          <Trash2 aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revoke “{token.name}”?</DialogTitle>
          <DialogDescription>Every script using it is refused from its next request. This cannot be undone: make a new token instead.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep it</Button>
          </DialogClose>
          <Button variant="destructive" disabled={busy} onClick={() => void revoke()}>
            Revoke token
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** /account: personal API tokens for scripts — made here, shown once, revoked here (or all at once
 * with "Sign out of other devices": `version` changes then, and the list is read again). */
export function ApiTokens({ version = 0 }: { version?: number }) {
  const [tokens, setTokens] = useState<ApiToken[] | null>(null)
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['pastes'])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [made, setMade] = useState<NewApiToken | null>(null)
  const scopeLegend = useId()

  // The list is set in the promise's callback, once the BFF has answered (never synchronously in the effect).
  const load = useCallback(
    () =>
      listApiTokens().then(setTokens, (problem: unknown) => {
        notify.error('Could not load your API tokens', toApiError(problem).message)
      }),
    [],
  )
  useEffect(() => void load(), [load, version])

  const create = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const token = await createApiToken(name.trim(), scopes)
      setMade(token)
      setName('')
      await load()
    } catch (problem) {
      setError(toApiError(problem).message)
    } finally {
      setBusy(false)
    }
  }

  const toggle = (scope: ApiTokenScope, on: boolean) => setScopes((current) => (on ? [...new Set([...current, scope])] : current.filter((s) => s !== scope)))

  return (
    <SectionCard id="api-tokens-title" title="API tokens" description="For scripts: create pastes and short links with curl. A token acts as you, within its scopes.">
      {made && (
        <div role="status" className="flex flex-col gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm">
          <p className="font-medium">Copy “{made.name}” now: it is shown only this once.</p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs" data-testid="new-api-token">
              {made.token}
            </code>
            <CopyButton value={made.token} label="Copy the token" className="size-8" />
          </div>
          <p className="text-muted-foreground">
            We keep only a fingerprint of it. See{' '}
            <Link to="/help#api" className="font-medium text-primary underline-offset-4 hover:underline">
              the help page
            </Link>{' '}
            for curl examples.
          </p>
          <Button variant="outline" size="sm" className="self-start" onClick={() => setMade(null)}>
            I have copied it
          </Button>
        </div>
      )}
      <form onSubmit={(event) => void create(event)} className="flex flex-col gap-3" noValidate>
        <Field label="Token name" error={error ?? undefined} hint="What it is for, e.g. “nightly backup”">
          {(props) => <Input {...props} value={name} maxLength={100} onChange={(event) => (setName(event.target.value), setError(null))} />}
        </Field>
        <fieldset aria-labelledby={scopeLegend} className="flex flex-wrap items-center gap-4 text-sm">
          <span id={scopeLegend} className="font-medium">
            It may use
          </span>
          {SCOPES.map((scope) => (
            <label key={scope.id} className="flex items-center gap-2">
              <input type="checkbox" className="accent-primary" checked={scopes.includes(scope.id)} onChange={(event) => toggle(scope.id, event.target.checked)} />
              {scope.label}
            </label>
          ))}
        </fieldset>
        <Button type="submit" className="self-start" disabled={busy || !name.trim() || scopes.length === 0}>
          <KeyRound aria-hidden />
          {busy ? 'Making…' : 'Make a token'}
        </Button>
      </form>
      {tokens === null ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : tokens.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have no API tokens.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label="Your API tokens">
          {tokens.map((token) => (
            <li key={token.id} className="flex items-center gap-3 p-3 text-sm">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-medium">{token.name}</span>
                  <code className="text-xs text-muted-foreground">{token.token_prefix}…</code>
                  {token.scopes.map((scope) => (
                    <Badge key={scope} variant="secondary">
                      {SCOPES.find((s) => s.id === scope)?.label ?? scope}
                    </Badge>
                  ))}
                </span>
                <span className="text-xs text-muted-foreground">
                  Made {when(token.created_at)} · last used {when(token.last_used_at)}
                  {token.expires_at && ` · expires ${when(token.expires_at)}`}
                </span>
              </div>
              <RevokeToken token={token} onRevoked={() => void load()} />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  )
}
