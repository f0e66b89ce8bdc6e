import type { UserIdentity } from '@supabase/supabase-js'
import { LogOut, Unlink } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { loadAuth, notifyAuthError } from '@/features/auth/client'
import { SectionCard } from '@/components/section-card'
import { revokeAllApiTokens } from '@/features/auth/account/api/api-tokens'
import { toApiError } from '@/lib/api/client'
import { notify } from '@/lib/notify'

const tokensRevoked = (count: number) => (count === 1 ? '1 API token revoked.' : `${count} API tokens revoked.`)

/** Signing out everywhere else; scripts hold API tokens rather than sessions, so they can go too. */
export function OtherDevices({ onTokensRevoked }: { onTokensRevoked?: () => void }) {
  const [busy, setBusy] = useState(false)
  const [revokeTokens, setRevokeTokens] = useState(false)
  const signOutOthers = async () => {
    setBusy(true)
    let revoked: number | null = null
    if (revokeTokens) {
      try {
        revoked = await revokeAllApiTokens()
        setRevokeTokens(false)
        onTokensRevoked?.()
      } catch (problem) {
        // Nothing else is done, and the choice stays ticked for another try.
        notify.error('Could not revoke your API tokens', toApiError(problem).message)
        setBusy(false)
        return
      }
    }
    const { error } = await (await loadAuth()).signOut({ scope: 'others' })
    setBusy(false)
    if (error) notifyAuthError(error)
    else notify.success('Signed out of your other devices', revoked === null ? undefined : tokensRevoked(revoked))
  }
  return (
    <SectionCard id="devices-title" title="Other devices" description="Ends every session except this one.">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 accent-primary" checked={revokeTokens} onChange={(event) => setRevokeTokens(event.target.checked)} />
        <span>
          Also revoke all my API tokens
          <span className="block text-muted-foreground">Scripts using them are refused from their next request.</span>
        </span>
      </label>
      <div>
        <Button variant="outline" onClick={() => void signOutOthers()} disabled={busy}>
          <LogOut aria-hidden />
          Sign out of other devices
        </Button>
      </div>
    </SectionCard>
  )
}

export function LinkedIdentities() {
  const [identities, setIdentities] = useState<UserIdentity[] | null>(null)
  useEffect(() => {
    void loadAuth()
      .then((auth) => auth.getUserIdentities())
      .then(({ data, error }) => (error ? notifyAuthError(error) : setIdentities(data.identities)))
  }, [])

  const unlink = async (identity: UserIdentity) => {
    // Auth refuses when manual linking is off or this is the last identity; its words are shown.
    const { error } = await (await loadAuth()).unlinkIdentity(identity)
    if (error) return notifyAuthError(error)
    setIdentities((list) => list?.filter((item) => item.identity_id !== identity.identity_id) ?? null)
    notify.success('Sign-in method removed')
  }

  return (
    <SectionCard id="identities-title" title="Sign-in methods" description="The ways you can sign in to this account.">
      {identities === null ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {identities.map((identity) => (
            <li key={identity.identity_id} className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2">
              <span className="min-w-0 text-sm wrap-anywhere">
                <span className="font-medium capitalize">{identity.provider}</span>
                {typeof identity.identity_data?.email === 'string' && <span className="text-muted-foreground"> · {identity.identity_data.email}</span>}
              </span>
              {identities.length > 1 && (
                <Button variant="ghost" size="sm" className="shrink-0" onClick={() => void unlink(identity)} aria-label={`Unlink ${identity.provider}`}>
                  <Unlink aria-hidden />
                  Unlink
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* Auth refuses to unlink the last identity: it is how this account signs in, so none is offered. */}
      {identities?.length === 1 && <p className="text-sm text-muted-foreground">This is your only way to sign in, so it can’t be unlinked.</p>}
    </SectionCard>
  )
}
