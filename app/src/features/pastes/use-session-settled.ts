import { useEffect, useState } from 'react'
import { useAccessToken } from '@/lib/api/use-access-token'
import { readStorage } from '@/lib/storage'

// SPEC §3: the stored session's token key. While it exists the session is still being restored, and a
// paste read now would go out anonymously — hiding the owner's private paste, or burning their own.
const STORED_TOKEN_KEY = 'auth_token'
// Session start retries 3 times 1 s apart (SPEC §4); after that it has either signed in or given up.
const GIVE_UP_MS = 3_500

/** True once requests carry the session they will carry: signed in, or no session to restore. */
export function useSessionSettled(): boolean {
  const token = useAccessToken()
  const [restoring] = useState(() => readStorage<unknown>(STORED_TOKEN_KEY, null) !== null)
  const [gaveUp, setGaveUp] = useState(false)
  useEffect(() => {
    if (!restoring || token) return
    const timer = window.setTimeout(() => setGaveUp(true), GIVE_UP_MS)
    return () => window.clearTimeout(timer)
  }, [restoring, token])
  return token !== null || !restoring || gaveUp
}
