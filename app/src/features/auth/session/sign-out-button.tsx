import { LogOut } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button, type ButtonProps } from '@/components/ui/button'
import { signOutEverywhere } from '@/features/auth/session/sign-out'

/** SPEC §4 logout: sign out everywhere, then /login with a timestamp so the page starts fresh. */
export function useSignOut(): { signOut: () => Promise<void>; busy: boolean } {
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const signOut = async () => {
    setBusy(true)
    await signOutEverywhere()
    setBusy(false)
    void navigate(`/login?t=${Date.now()}`)
  }
  return { signOut, busy }
}

export function SignOutButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { signOut, busy } = useSignOut()
  return (
    <Button variant="outline" {...props} onClick={() => void signOut()} disabled={busy || props.disabled}>
      <LogOut aria-hidden />
      {busy ? 'Signing out…' : 'Sign out'}
    </Button>
  )
}
